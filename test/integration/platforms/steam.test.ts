import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { type ChildProcess, spawn } from "node:child_process";
import { chmodSync, existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { rfc3339, type ScannedToken } from "../../../src/core/token.ts";
import { scanReapers } from "../../../src/platforms/steam/reaper.ts";
import { makeCore, makeLaunch } from "../../fixtures/launch-core.ts";
import { isAlive, waitFor, writeEmulator, writeFiles } from "../../fixtures/launch-env.ts";
import { tempDir } from "../../fixtures/service.ts";

/**
 * Steam on SteamOS / Linux: games launch by Steam id through `steam://rungameid/<id>`, and the running game is
 * found as the reference finds it, by Steam's `reaper` process (`reaper SteamLaunch AppId=<n> -- …`). Here a
 * real process named reaper stands in for Steam's, in a fake home with a Steam library.
 */
let home: string;
let opener: string;
let openedLog: string;
let env: ReturnType<typeof makeCore>;
let mod: ReturnType<typeof makeLaunch>["launch"];
let run: ReturnType<typeof makeLaunch>["run"];
let platforms: ReturnType<typeof makeLaunch>["platforms"];
const reapers: ChildProcess[] = [];

const token = (text: string): ScannedToken => ({ type: "test", uid: "", text, data: "", scanTime: rfc3339(), source: "api" });
const opened = () => (existsSync(openedLog) ? readFileSync(openedLog, "utf8").trim().split("\n") : []);

/** A process whose name is `reaper` with Steam's arguments; it starts a child (the "game") and waits. */
function startReaper(appId: string): ChildProcess {
  const p = spawn(join(home, "bin", "reaper"), ["SteamLaunch", `AppId=${appId}`, "--", "/games/game.x86_64"], { stdio: "ignore" });
  reapers.push(p);
  return p;
}

beforeAll(() => {
  home = tempDir("tapserve-steam-");
  const steam = join(home, ".steam", "steam");
  const lib2 = join(home, "games2");
  writeFiles(home, [".steam/steam/steamapps/.keep", "games2/steamapps/.keep", "bin/.keep"]);
  writeFileSync(join(steam, "steamapps", "appmanifest_440.acf"), `"AppState"\n{\n\t"appid"\t\t"440"\n\t"name"\t\t"Team Fortress 2"\n}\n`);
  writeFileSync(join(steam, "steamapps", "libraryfolders.vdf"), `"libraryfolders"\n{\n\t"0"\n\t{\n\t\t"path"\t\t"${steam}"\n\t}\n\t"1"\n\t{\n\t\t"path"\t\t"${lib2}"\n\t}\n}\n`);
  writeFileSync(join(lib2, "steamapps", "appmanifest_620.acf"), `"AppState"\n{\n\t"appid"\t\t"620"\n\t"name"\t\t"Portal 2"\n}\n`);
  writeFileSync(join(home, "bin", "reaper"), "#!/bin/sh\nsleep 600 &\nwait\n");
  chmodSync(join(home, "bin", "reaper"), 0o755);
  openedLog = join(home, "opened.txt");
  opener = join(home, "bin", "steam");
  writeFileSync(opener, `#!/bin/sh\nprintf '%s\\n' "$*" >> "${openedLog}"\n`);
  chmodSync(opener, 0o755);
  env = makeCore({ platform: "steamos", configToml: "[platforms]\npoll_interval = 0.05\n" });
  ({ launch: mod, run, platforms } = makeLaunch(env, { platform: { home, steamOpener: [opener], startWindowMs: 3000, graceMs: 1000 } }));
  mod.start();
});

afterAll(async () => {
  await mod.stop();
  for (const r of reapers) r.kill("SIGKILL");
  env.close();
  rmSync(home, { recursive: true, force: true });
});

afterEach(async () => {
  await mod.stopActive();
  for (const r of reapers) r.kill("SIGKILL");
  rmSync(openedLog, { force: true });
});

describe("Steam launcher and tracker", () => {
  test("steam://<appid>/<name> opens steam://rungameid/<appid> with Steam; the game is a PC game until its reaper ends", async () => {
    expect(await run("steam://440/Team%20Fortress%202")).toMatchObject({ success: true, error: "" });
    expect(opened()).toEqual(["steam://rungameid/440"]);
    expect(mod.activeMedia()).toMatchObject({ launcherId: "Steam", systemId: "PC", systemName: "PC", mediaPath: "steam://440/Team%20Fortress%202", mediaName: "Team Fortress 2" });
    const reaper = startReaper("440");
    await waitFor(() => scanReapers().some((r) => r.pid === reaper.pid), "the reaper in /proc"); // exec'd under its name
    for (let i = 0; i < 3; i++) await platforms.refresh(); // several polls see the game running
    expect(mod.activeMedia()?.mediaName).toBe("Team Fortress 2");
    reaper.kill("SIGKILL");
    await waitFor(() => mod.activeMedia() === null, "the game to end with its reaper");
    expect(env.notes.filter((n) => n.method === "media.stopped").at(-1)?.params).toMatchObject({ launcherId: "Steam", mediaName: "Team Fortress 2" });
  });

  test("a game started from Steam itself is found by its reaper, named from its library's appmanifest", async () => {
    startReaper("620");
    const active = await waitFor(() => mod.activeMedia() ?? undefined, "the running game");
    expect(active).toMatchObject({ launcherId: "Steam", systemId: "PC", mediaPath: "steam://620/Portal%202", mediaName: "Portal 2", zapScript: "" });
  });

  test("stop ends the game's process tree (reaper and the game below it)", async () => {
    const reaper = startReaper("620");
    await waitFor(() => mod.activeMedia() ?? undefined, "the running game");
    const child = await waitFor(() => {
      const out = Bun.spawnSync(["pgrep", "-P", String(reaper.pid)]).stdout.toString().trim();
      return out ? Number(out.split("\n")[0]) : undefined;
    }, "the game process");
    await mod.stopActive();
    expect(mod.activeMedia()).toBeNull();
    await waitFor(() => !isAlive(child) || undefined, "the game process to end");
    await waitFor(() => reaper.exitCode !== null || reaper.signalCode !== null || undefined, "the reaper to end");
  });

  test("non-Steam shortcuts launch by their 64-bit id; malformed Steam paths are refused before anything is stopped", async () => {
    expect(await run("steam://rungameid/12884901888033554432")).toMatchObject({ success: true });
    expect(opened()).toEqual(["steam://rungameid/12884901888033554432"]);
    const before = mod.activeMedia();
    expect(await run("steam://not-a-game/x")).toMatchObject({ success: false, error: "no launcher for steam:// URLs" });
    expect(mod.activeMedia()).toEqual(before);
  });

  test("no opener installed: a clear failure", async () => {
    const env2 = makeCore({ platform: "linux" });
    const { launch: mod2, run: run2 } = makeLaunch(env2, { platform: { home, steamOpener: [join(home, "bin", "no-such-opener")] } });
    try {
      const h = await run2("steam://440/x");
      expect(h.error).toBe(`Steam: cannot start ${join(home, "bin", "no-such-opener")}: ENOENT`);
    } finally {
      await mod2.stop();
      env2.close();
    }
  });
});

describe("EmuDeck and RetroDECK launchers (SteamOS)", () => {
  test("EmuDeck runs the system's emulator Flatpak: RetroArch with the core EmuDeck set up, or a standalone emulator", async () => {
    const dir = tempDir("tapserve-emudeck-");
    const flatpak = writeEmulator(join(dir, "bin"));
    writeFiles(dir, ["Emulation/roms/snes/Game (USA).sfc", "Emulation/roms/psx/Disc.chd", "retrodeck/roms/gba/Pocket.gba", "Emulation/roms/snes/readme.txt", "Emulation/roms/ps2/Racer.iso", "Emulation/roms/3do/Way.iso"]);
    const env3 = makeCore({ platform: "steamos" });
    const { launch: mod3, run: run3 } = makeLaunch(env3, { platform: { home: dir, flatpak: flatpak.script, steamOpener: [opener], graceMs: 500 } });
    const args = async () => (await waitFor(() => existsSync(flatpak.record) && readFileSync(flatpak.record, "utf8"), "the emulator to start")).trim().split("\n").slice(1);
    try {
      const rom = join(dir, "Emulation/roms/snes/Game (USA).sfc");
      expect(await run3(rom)).toMatchObject({ success: true });
      expect(await args()).toEqual(["run", "org.libretro.RetroArch", "-L", join(dir, ".var/app/org.libretro.RetroArch/config/retroarch/cores/snes9x_libretro.so"), rom]);
      expect(mod3.activeMedia()).toMatchObject({ launcherId: "EmuDeck", mediaName: "Game (USA)" });
      rmSync(flatpak.record);
      const disc = join(dir, "Emulation/roms/psx/Disc.chd");
      expect(await run3(disc)).toMatchObject({ success: true });
      expect(await args()).toEqual(["run", `--filesystem=${join(dir, "Emulation/roms/psx")}:ro`, "--die-with-parent", "org.duckstation.DuckStation", "-batch", "-fullscreen", disc]);
      rmSync(flatpak.record);
      // a standalone emulator with the reference's command line; a folder EmuDeck's table does not name (3do): the core map's core
      const ps2 = join(dir, "Emulation/roms/ps2/Racer.iso");
      expect(await run3(ps2)).toMatchObject({ success: true });
      expect(await args()).toEqual(["run", `--filesystem=${join(dir, "Emulation/roms/ps2")}:ro`, "--die-with-parent", "net.pcsx2.PCSX2", "-fullscreen", "-batch", ps2]);
      rmSync(flatpak.record);
      const way = join(dir, "Emulation/roms/3do/Way.iso");
      expect(await run3(way)).toMatchObject({ success: true });
      expect(await args()).toEqual(["run", "org.libretro.RetroArch", "-L", join(dir, ".var/app/org.libretro.RetroArch/config/retroarch/cores/opera_libretro.so"), way]);
      rmSync(flatpak.record);
      const gba = join(dir, "retrodeck/roms/gba/Pocket.gba");
      expect(await run3(gba)).toMatchObject({ success: true });
      expect(await args()).toEqual(["run", "net.retrodeck.retrodeck", gba]);
      const pid = mod3.activeMedia() && Number(readFileSync(flatpak.record, "utf8").split("\n")[0]);
      await mod3.stopActive();
      expect(isAlive(pid as number)).toBe(false);
      expect(await run3(join(dir, "Emulation/roms/snes/readme.txt"))).toMatchObject({ success: false });
    } finally {
      await mod3.stop();
      env3.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
