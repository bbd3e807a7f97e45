import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { MediaLibrary } from "../../../src/core/media-types.ts";
import { catalogLibrary, makeCore, makeLaunch, recordingRuntime } from "../../fixtures/launch-core.ts";
import { isAlive, waitFor, writeEmulator, writeFiles } from "../../fixtures/launch-env.ts";
import { tempDir } from "../../fixtures/service.ts";

/**
 * Desktop Linux / SteamOS launchers as the reference has them: RetroArch with the core of its core map found in
 * the usual folders (Flatpak, RetroDECK, the distribution's), standalone emulators installed as Flatpaks,
 * Lutris, Heroic and the web browser. Layouts live in a fake home and a fake root; every command line is
 * recorded where the service starts programs (the runtime's spawn), and the programs are real scripts.
 */
let dir: string;
let home: string;
let root: string;
let flatpak: ReturnType<typeof writeEmulator>;
let progs: Record<"lutris" | "heroic" | "xdg-open", string>;
const spawned: string[][] = [];
let env: ReturnType<typeof makeCore>;
let mod: ReturnType<typeof makeLaunch>["launch"];
let run: ReturnType<typeof makeLaunch>["run"];

const recording = recordingRuntime(spawned);

const library = (): MediaLibrary => catalogLibrary(() => [join(home, "ROMs")]);

function script(name: string, body: string): string {
  const path = join(dir, "bin", name);
  writeFileSync(path, `#!/bin/sh\n${body}\n`);
  chmodSync(path, 0o755);
  return path;
}

const last = () => spawned.at(-1);

beforeAll(() => {
  dir = tempDir("tapserve-linux-launch-");
  home = join(dir, "home");
  root = join(dir, "root");
  mkdirSync(join(dir, "bin"), { recursive: true });
  flatpak = writeEmulator(join(dir, "flatpak"));
  writeFiles(home, [
    // Flatpaks installed per user …
    ".local/share/flatpak/app/net.pcsx2.PCSX2/current",
    ".local/share/flatpak/app/org.duckstation.DuckStation/current",
    // … RetroArch's Flatpak with one core in its own folder
    ".var/app/org.libretro.RetroArch/config/retroarch/cores/snes9x_libretro.so",
    "ROMs/ps2/Racer (USA).iso",
    "ROMs/gamecube/Plumber (USA).iso",
    "ROMs/snes/Super Game (USA).sfc",
    "ROMs/nes/Tiny (USA).nes",
    "ROMs/psx/Disc (USA).chd",
  ]);
  // … and system-wide, with a distribution core
  writeFiles(root, ["var/lib/flatpak/app/org.libretro.RetroArch/current", "var/lib/flatpak/app/org.DolphinEmu.dolphin-emu/current", "usr/lib/libretro/mesen_libretro.so"]);
  progs = {
    lutris: script("lutris", `printf '%s\\n' "$$" "$@" > "${dir}/lutris.txt"; while kill -0 ${process.pid} 2>/dev/null; do sleep 1; done`),
    heroic: script("heroic", `printf '%s\\n' "$$" "$@" > "${dir}/heroic.txt"; while kill -0 ${process.pid} 2>/dev/null; do sleep 1; done`),
    "xdg-open": script("xdg-open", `printf '%s\\n' "$@" > "${dir}/opened.txt"`),
  };
  env = makeCore({ platform: "linux", runtime: recording, configToml: "[platforms]\npoll_interval = 0.05\n" });
  ({ launch: mod, run } = makeLaunch(env, {
    library: library(),
    platform: { home, root, flatpak: flatpak.script, programs: progs, steamOpener: [progs["xdg-open"]], graceMs: 500, treeIntervalMs: 50 },
  }));
});

afterAll(async () => {
  await mod.stop();
  env.close();
  rmSync(dir, { recursive: true, force: true });
});

afterEach(async () => {
  await mod.stopActive();
  spawned.length = 0;
});

describe("standalone emulators and RetroArch per system", () => {
  test("PS2 runs PCSX2's Flatpak the reference's way: the game's folder shared read-only, fullscreen batch mode", async () => {
    const rom = join(home, "ROMs/ps2/Racer (USA).iso");
    expect(await run(rom)).toMatchObject({ success: true, error: "" });
    expect(last()).toEqual([flatpak.script, "run", `--filesystem=${join(home, "ROMs/ps2")}:ro`, "--die-with-parent", "net.pcsx2.PCSX2", "-fullscreen", "-batch", rom]);
    expect(mod.activeMedia()).toMatchObject({ launcherId: "PCSX2", systemId: "PS2", mediaName: "Racer (USA)" });
  });

  test("GameCube runs the system-wide Dolphin Flatpak in batch mode", async () => {
    const rom = join(home, "ROMs/gamecube/Plumber (USA).iso");
    expect(await run(rom)).toMatchObject({ success: true });
    expect(last()).toEqual([flatpak.script, "run", `--filesystem=${join(home, "ROMs/gamecube")}:ro`, "--die-with-parent", "org.DolphinEmu.dolphin-emu", "-b", "-e", rom]);
    expect(mod.activeMedia()).toMatchObject({ launcherId: "DolphinGameCube", systemId: "GameCube" });
  });

  test("SNES and NES run RetroArch's Flatpak with the core map's core, from the Flatpak's folder or the distribution's", async () => {
    const snes = join(home, "ROMs/snes/Super Game (USA).sfc");
    expect(await run(snes)).toMatchObject({ success: true });
    expect(last()).toEqual([flatpak.script, "run", "org.libretro.RetroArch", "-L", join(home, ".var/app/org.libretro.RetroArch/config/retroarch/cores/snes9x_libretro.so"), snes]);
    expect(mod.activeMedia()).toMatchObject({ launcherId: "RetroArch", systemId: "SNES" });
    const nes = join(home, "ROMs/nes/Tiny (USA).nes");
    expect(await run(nes)).toMatchObject({ success: true });
    expect(last()).toEqual([flatpak.script, "run", "org.libretro.RetroArch", "-L", join(root, "usr/lib/libretro/mesen_libretro.so"), nes]);
  });

  test("PSX without a RetroArch core falls to DuckStation; launchers.preference and systems.default still choose", async () => {
    const disc = join(home, "ROMs/psx/Disc (USA).chd");
    expect(await run(disc)).toMatchObject({ success: true });
    expect(last()).toEqual([flatpak.script, "run", `--filesystem=${join(home, "ROMs/psx")}:ro`, "--die-with-parent", "org.duckstation.DuckStation", "-batch", "-fullscreen", disc]);
    expect(mod.activeMedia()).toMatchObject({ launcherId: "DuckStation", systemId: "PSX" });
    // the core appears: RetroArch comes first again, unless the preference names the standalone group
    writeFiles(home, [".var/app/org.libretro.RetroArch/config/retroarch/cores/mednafen_psx_hw_libretro.so"]);
    expect(await run(disc)).toMatchObject({ success: true });
    expect(mod.activeMedia()).toMatchObject({ launcherId: "RetroArch" });
    env.core.config.update((c) => void (c.launchers.preference = ["Native"]));
    expect(await run(disc)).toMatchObject({ success: true });
    expect(mod.activeMedia()).toMatchObject({ launcherId: "DuckStation" });
    env.core.config.update((c) => {
      c.launchers.preference = [];
      c.systems.default = [{ system: "PSX", launcher: "DuckStation" }];
    });
    expect(await run(disc)).toMatchObject({ success: true });
    expect(mod.activeMedia()).toMatchObject({ launcherId: "DuckStation" });
    env.core.config.update((c) => void (c.systems.default = []));
  });
});

describe("game clients and the browser", () => {
  test("lutris://<slug>/<name> runs `lutris lutris:rungame/<slug>`; heroic://<app>/<title> runs `heroic launch <app>`", async () => {
    expect(await run("lutris://celeste/Celeste")).toMatchObject({ success: true });
    expect(last()).toEqual([progs.lutris, "lutris:rungame/celeste"]);
    expect(mod.activeMedia()).toMatchObject({ launcherId: "Lutris", systemId: "PC", mediaName: "Celeste" });
    expect(await run("heroic://Fortnite%20App/Some%20Game")).toMatchObject({ success: true });
    expect(last()).toEqual([progs.heroic, "launch", "Fortnite App"]);
    expect(mod.activeMedia()).toMatchObject({ launcherId: "Heroic", systemId: "PC" });
    const pid = Number(readFileSync(join(dir, "heroic.txt"), "utf8").split("\n")[0]);
    await mod.stopActive();
    expect(isAlive(pid)).toBe(false);
  });

  test("http(s) media opens in the web browser with xdg-open", async () => {
    expect(await run("https://example.com/game")).toMatchObject({ success: true });
    expect(last()).toEqual([progs["xdg-open"], "https://example.com/game"]);
    expect(await waitFor(() => existsSync(join(dir, "opened.txt")) && readFileSync(join(dir, "opened.txt"), "utf8").trim(), "the browser to open")).toBe("https://example.com/game");
    expect(mod.activeMedia()).toMatchObject({ launcherId: "WebBrowser" });
  });
});

describe("process tracker", () => {
  /**
   * A wrapper like `flatpak run`: starts the "game" in a session of its own (as a sandbox or a daemonising
   * launcher script does) and exits; the game runs child processes of its own.
   */
  function wrapper(): { script: string; gamePid: () => number; wrapperPid: () => number } {
    const sub = join(dir, "wrap");
    mkdirSync(sub, { recursive: true });
    const game = script("game", `echo $$ > '${sub}/game.pid'\nwhile kill -0 ${process.pid} 2>/dev/null; do sleep 1; done`);
    const path = script("flatpak-wrapper", `echo $$ > '${sub}/wrapper.pid'\nsetsid '${game}' &\nsleep 0.3\nexit 0`);
    const pidIn = (f: string) => () => Number(readFileSync(join(sub, f), "utf8").trim());
    return { script: path, gamePid: pidIn("game.pid"), wrapperPid: pidIn("wrapper.pid") };
  }

  test("media lasts while a process the launch started runs, after the launched one exited, and ends with the last", async () => {
    const w = wrapper();
    const env2 = makeCore({ platform: "linux", runtime: recording });
    const { launch: mod2, run: run2 } = makeLaunch(env2, { library: library(), platform: { home, root, flatpak: w.script, graceMs: 500, treeIntervalMs: 50 } });
    try {
      const rom = join(home, "ROMs/ps2/Racer (USA).iso");
      expect(await run2(rom)).toMatchObject({ success: true });
      const game = await waitFor(() => existsSync(join(dir, "wrap/game.pid")) && w.gamePid(), "the game to start");
      await waitFor(() => !isAlive(w.wrapperPid()) || undefined, "the wrapper to exit");
      await Bun.sleep(300); // a negative check: several looks at /proc after the wrapper ended
      expect(mod2.activeMedia()).toMatchObject({ launcherId: "PCSX2", mediaName: "Racer (USA)" });
      expect(env2.notes.filter((n) => n.method === "media.stopped")).toEqual([]);
      process.kill(game, "SIGKILL");
      await waitFor(() => mod2.activeMedia() === null, "the media to end with the game's processes");
      expect(env2.notes.filter((n) => n.method === "media.stopped").map((n) => n.params)).toMatchObject([{ launcherId: "PCSX2", mediaName: "Racer (USA)" }]);
    } finally {
      await mod2.stop();
      env2.close();
    }
  });

  test("stop ends the game the wrapper left behind, in its own session", async () => {
    const w = wrapper();
    rmSync(join(dir, "wrap/game.pid"), { force: true });
    const env2 = makeCore({ platform: "linux", runtime: recording });
    const { launch: mod2, run: run2 } = makeLaunch(env2, { library: library(), platform: { home, root, flatpak: w.script, graceMs: 500, treeIntervalMs: 50 } });
    try {
      expect(await run2(join(home, "ROMs/ps2/Racer (USA).iso"))).toMatchObject({ success: true });
      const game = await waitFor(() => existsSync(join(dir, "wrap/game.pid")) && w.gamePid(), "the game to start");
      await waitFor(() => !isAlive(w.wrapperPid()) || undefined, "the wrapper to exit");
      await mod2.stopActive();
      expect(mod2.activeMedia()).toBeNull();
      await waitFor(() => !isAlive(game) || undefined, "the game to be stopped");
    } finally {
      await mod2.stop();
      env2.close();
    }
  });
});

describe("games started outside the service", () => {
  test("Steam's RunningAppID in ~/.steam/registry.vdf, while the Steam client runs, is now playing; 0 ends it", async () => {
    const h = join(dir, "steam-home");
    writeFiles(h, [".steam/steam/steamapps/.keep", "bin/.keep"]);
    writeFileSync(join(h, ".steam/steam/steamapps/appmanifest_440.acf"), `"AppState"\n{\n\t"appid"\t\t"440"\n\t"name"\t\t"Team Fortress 2"\n}\n`);
    const registry = (id: string) =>
      writeFileSync(join(h, ".steam/registry.vdf"), `"Registry"\n{\n\t"HKCU"\n\t{\n\t\t"Software"\n\t\t{\n\t\t\t"Valve"\n\t\t\t{\n\t\t\t\t"Steam"\n\t\t\t\t{\n\t\t\t\t\t"RunningAppID"\t\t"${id}"\n\t\t\t\t}\n\t\t\t}\n\t\t}\n\t}\n}\n`);
    registry("440");
    const env2 = makeCore({ platform: "linux", configToml: "[platforms]\npoll_interval = 0.05\n" });
    const { launch: mod2, platforms: p2 } = makeLaunch(env2, { platform: { home: h, steamOpener: [progs["xdg-open"]], startWindowMs: 1000 } });
    mod2.start();
    await p2.refresh(); // a value left behind by a client that is not running counts for nothing
    expect(mod2.activeMedia()).toBeNull();
    const client = Bun.spawn([script("steam", `while kill -0 ${process.pid} 2>/dev/null; do sleep 1; done`)], { stdio: ["ignore", "ignore", "ignore"] });
    try {
      await waitFor(() => mod2.activeMedia()?.mediaName === "Team Fortress 2" || undefined, "the running Steam game to be seen");
      expect(mod2.activeMedia()).toMatchObject({ launcherId: "Steam", systemId: "PC", mediaPath: "steam://440/Team%20Fortress%202" });
      registry("0");
      await waitFor(() => mod2.activeMedia() === null, "the game to end");
      expect(env2.notes.filter((n) => n.method === "media.started" || n.method === "media.stopped").map((n) => [n.method, n.params.mediaName])).toEqual([
        ["media.started", "Team Fortress 2"],
        ["media.stopped", "Team Fortress 2"],
      ]);
    } finally {
      client.kill("SIGKILL");
      await mod2.stop();
      env2.close();
    }
  });
});
