import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { MediaLibrary } from "../../../src/core/media-types.ts";
import { catalogLibrary, makeCore, makeLaunch, recordingRuntime } from "../../fixtures/launch-core.ts";
import { isAlive, waitFor, writeEmulator, writeFiles } from "../../fixtures/launch-env.ts";
import { tempDir } from "../../fixtures/service.ts";

/**
 * PC games beyond Steam: ChimeraOS's GOG games (a start script per game folder), Heroic installed as a Flatpak,
 * and custom launchers followed as a process tree. Real scripts stand in for the games; command lines are
 * recorded at the runtime's spawn.
 */
let dir: string;
let home: string;
const spawned: string[][] = [];
const recording = recordingRuntime(spawned);

const library = (): MediaLibrary => catalogLibrary(() => [join(home, "ROMs")]);

function script(path: string, body: string): string {
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(path, `#!/bin/sh\n${body}\n`);
  chmodSync(path, 0o755);
  return path;
}

/** Running, not merely a zombie nobody has reaped yet (the game's parent, once the wrapper exits, is init). */
function running(pid: number): boolean {
  if (!isAlive(pid)) return false;
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
}

const untilTestEnds = `while kill -0 ${process.pid} 2>/dev/null; do sleep 1; done`;

beforeAll(() => {
  dir = tempDir("tapserve-pc-clients-");
  home = join(dir, "home");
  writeFiles(home, [".local/share/chimera/content/gog/1207658924/game.bin", ".local/share/chimera/content/gog/noscript/readme.txt", "ROMs/misc/Thing.xyz"]);
  script(join(home, ".local/share/chimera/content/gog/1207658924/start.sh"), `echo $$ > '${dir}/gog.pid'\n${untilTestEnds}`);
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe("ChimeraOS GOG", () => {
  test("gog://<id>/<name> runs the game folder's start script as tracked media; stop ends it", async () => {
    const env = makeCore({ platform: "chimeraos", runtime: recording });
    const { launch, run } = makeLaunch(env, { library: library(), platform: { home, graceMs: 500, treeIntervalMs: 50 } });
    try {
      expect(await run("gog://1207658924/Some%20Game")).toMatchObject({ success: true, error: "" });
      expect(spawned.at(-1)).toEqual([join(home, ".local/share/chimera/content/gog/1207658924/start.sh")]);
      expect(launch.activeMedia()).toMatchObject({ launcherId: "ChimeraGOG", systemId: "PC", mediaName: "Some Game" });
      const pid = await waitFor(() => existsSync(join(dir, "gog.pid")) && Number(readFileSync(join(dir, "gog.pid"), "utf8")), "the game to start");
      await launch.stopActive();
      expect(isAlive(pid)).toBe(false);
      // a folder without a start script, and an id that leaves the GOG folder, are refused
      expect((await run("gog://noscript/x")).error).toContain("no executable found for GOG game noscript");
      expect((await run("gog://..%2F..%2Fbin/x")).success).toBe(false);
    } finally {
      await launch.stop();
      env.close();
    }
  });

  test("only ChimeraOS has the GOG launcher", async () => {
    const env = makeCore({ platform: "steamos", runtime: recording });
    const { launch, platforms } = makeLaunch(env, { library: library(), platform: { home } });
    try {
      expect(platforms.launcherById("ChimeraGOG")).toBeUndefined();
    } finally {
      await launch.stop();
      env.close();
    }
  });
});

describe("Heroic as a Flatpak", () => {
  test("without heroic on PATH, heroic://<app>/<title> runs `flatpak run com.heroicgameslauncher.hgl launch <app>`", async () => {
    const flatpak = writeEmulator(join(dir, "flatpak"));
    const fhome = join(dir, "fhome");
    writeFiles(fhome, [".local/share/flatpak/app/com.heroicgameslauncher.hgl/current/.keep"]);
    const env = makeCore({ platform: "linux", runtime: recording });
    const { launch, run } = makeLaunch(env, { library: library(), platform: { home: fhome, root: join(dir, "noroot"), flatpak: flatpak.script, programs: {}, graceMs: 500 } });
    try {
      expect(await run("heroic://Fortnite/Fort%20Game")).toMatchObject({ success: true });
      expect(spawned.at(-1)).toEqual([flatpak.script, "run", "com.heroicgameslauncher.hgl", "launch", "Fortnite"]);
      expect(launch.activeMedia()).toMatchObject({ launcherId: "Heroic", systemId: "PC", mediaName: "Fort Game" });
      await launch.stopActive();
      // not installed at all: a clear refusal
      rmSync(join(fhome, ".local/share/flatpak"), { recursive: true });
      expect((await run("heroic://Fortnite/x")).error).toContain("Heroic is not installed");
    } finally {
      await launch.stop();
      env.close();
    }
  });
});

describe("custom launchers", () => {
  test("the launched process tree is the media: it plays on after the wrapper exits, ends with its last process, and stop ends it all", async () => {
    const sub = join(dir, "custom");
    const game = script(join(sub, "game"), `echo $$ >> '${sub}/game.pid'\n${untilTestEnds}`);
    const wrapper = script(join(sub, "wrapper"), `setsid '${game}' "$1" &\nsleep 0.3\nexit 0`);
    const toml = `[platforms]\npoll_interval = 0.05\n[launchers]\nretroarch = false\n[[launchers.custom]]\nid = "MyEmu"\nextensions = [".xyz"]\ncommand = ["${wrapper}", "{path}"]\n`;
    const env = makeCore({ platform: "linux", runtime: recording, configToml: toml });
    const { launch, run } = makeLaunch(env, { library: library(), platform: { home, graceMs: 500, treeIntervalMs: 50 } });
    const pids = () => (existsSync(join(sub, "game.pid")) ? readFileSync(join(sub, "game.pid"), "utf8").trim().split("\n").map(Number) : []);
    const stopped = () => env.notes.filter((n) => n.method === "media.stopped");
    try {
      const rom = join(home, "ROMs/misc/Thing.xyz");
      expect(await run(rom)).toMatchObject({ success: true });
      expect(spawned.at(-1)).toEqual([wrapper, rom]);
      const first = await waitFor(() => pids()[0], "the game to start");
      await Bun.sleep(600); // a negative check: the wrapper has exited, the game plays on
      expect(launch.activeMedia()).toMatchObject({ launcherId: "MyEmu", mediaName: "Thing" });
      expect(stopped()).toEqual([]);
      process.kill(first, "SIGKILL");
      await waitFor(() => launch.activeMedia() === null || undefined, "the media to end with the game");
      expect(stopped().map((n) => n.params)).toMatchObject([{ launcherId: "MyEmu" }]);
      // launched again and stopped: the game the wrapper left behind is ended too
      expect(await run(rom)).toMatchObject({ success: true });
      const second = await waitFor(() => pids()[1], "the game to start again");
      await waitFor(() => launch.activeMedia() !== null || undefined, "the media");
      await Bun.sleep(400); // the wrapper has exited by now
      await launch.stopActive();
      expect(running(second)).toBe(false);
    } finally {
      await launch.stop();
      env.close();
    }
  });
});
