import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { MediaLibrary } from "../../../src/core/media-types.ts";
import { catalogLibrary, makeCore, makeLaunch, recordingRuntime } from "../../fixtures/launch-core.ts";
import { waitFor, writeFiles } from "../../fixtures/launch-env.ts";
import { tempDir } from "../../fixtures/service.ts";

/**
 * ReplayOS: one launcher per ROM folder (`/media/<drive>/roms/nintendo_snes` …). A launch writes the game into
 * `roms/_autostart/autostart.auto` and restarts replay.service; "now playing" is the libretro core the `replay`
 * program has mapped. Here the drives live in a fake root, /proc is a fake tree holding the replay process, and
 * a real `systemctl` script plays replay.service: on restart it loads the core of the autostart game (or the
 * menu's) into that process's maps and records what it was asked and which game it found.
 */
let dir: string;
let root: string;
let proc: string;
let systemctl: string;
const sd = () => join(root, "media/sd");
const log = () => (existsSync(join(dir, "systemctl.log")) ? readFileSync(join(dir, "systemctl.log"), "utf8").trim().split("\n") : []);
const maps = (core: string) => writeFileSync(join(proc, "4242/maps"), `7f00-7f10 r-xp 00000000 08:01 12 /opt/replay/cores/replay_libretro.so\n${core ? `7f20-7f30 r-xp 00000000 08:01 13 /opt/replay/cores/${core}\n` : ""}`);

const library = (): MediaLibrary => catalogLibrary(() => [join(sd(), "roms")]);

function moduleFor() {
  const env = makeCore({ platform: "replayos", configToml: "[platforms]\npoll_interval = 0.05\n" });
  const m = makeLaunch(env, { library: library(), platform: { root, procRoot: proc, replayos: { systemctl, autostartClearMs: 100 }, startWindowMs: 5000 } });
  m.launch.start();
  return {
    env,
    ...m,
    started: () => env.notes.filter((n) => n.method === "media.started").map((n) => n.params),
    stopped: () => env.notes.filter((n) => n.method === "media.stopped").map((n) => n.params),
    async close() {
      await m.launch.stop();
      env.close();
    },
  };
}

beforeAll(() => {
  dir = tempDir("tapserve-replayos-");
  root = join(dir, "root");
  proc = join(dir, "proc");
  writeFiles(root, [
    "media/sd/roms/nintendo_snes/Super Game (USA).sfc",
    "media/sd/roms/arcade_mame/sf2.zip",
    "media/sd/roms/sega_smd/Hedgehog (USA).md",
    "media/usb/roms/nintendo_nes/Far Away (USA).nes",
    "media/sd/roms/_recent/.keep",
  ]);
  mkdirSync(join(root, "media/sd/config"), { recursive: true });
  writeFileSync(join(root, "media/sd/config/replay.cfg"), '# RePlayOS\nvideo_mode = "auto"\nsystem_storage = "sd"\n');
  // the replay binary, found by its executable among unrelated processes
  mkdirSync(join(proc, "4242"), { recursive: true });
  mkdirSync(join(proc, "4000"), { recursive: true });
  symlinkSync("/opt/replay/replay", join(proc, "4242/exe"));
  symlinkSync("/bin/bash", join(proc, "4000/exe"));
  writeFileSync(join(proc, "4000/maps"), "7f00-7f10 r-xp 00000000 08:01 12 /opt/replay/cores/snes9x_libretro.so\n");
  maps("");
  systemctl = join(dir, "systemctl");
  const auto = join(sd(), "roms/_autostart/autostart.auto");
  writeFileSync(
    systemctl,
    [
      "#!/bin/sh",
      `if [ -f '${auto}' ]; then game=$(cat '${auto}'); else game=menu; fi`,
      `echo "$* $game" >> '${dir}/systemctl.log'`,
      'case "$game" in',
      "  /roms/nintendo_snes/*) core=snes9x_libretro.so ;;",
      "  /roms/arcade_mame/*) core=mame_libretro.so ;;",
      "  *) core= ;;",
      "esac",
      `printf '7f00-7f10 r-xp 00000000 08:01 12 /opt/replay/cores/replay_libretro.so\\n' > '${proc}/4242/maps'`,
      `[ -n "$core" ] && printf '7f20-7f30 r-xp 00000000 08:01 13 /opt/replay/cores/%s\\n' "$core" >> '${proc}/4242/maps'`,
      "exit 0",
      "",
    ].join("\n"),
  );
  chmodSync(systemctl, 0o755);
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

afterEach(() => {
  rmSync(join(dir, "systemctl.log"), { force: true });
  maps("");
});

describe("ReplayOS launchers", () => {
  test("a SNES game starts through the autostart file and a restart of replay.service; stop returns to the menu", async () => {
    const m = moduleFor();
    try {
      const rom = join(sd(), "roms/nintendo_snes/Super Game (USA).sfc");
      expect(await m.run(rom)).toMatchObject({ success: true, error: "" });
      // replay.service found the game, given relative to its drive, when it restarted
      expect(log()).toEqual(["restart replay.service /roms/nintendo_snes/Super Game (USA).sfc"]);
      expect(m.launch.activeMedia()).toMatchObject({ launcherId: "SNES", systemId: "SNES", mediaName: "Super Game (USA)", mediaPath: rom });
      // the autostart file goes again, so a later restart shows the menu
      await waitFor(() => !existsSync(join(sd(), "roms/_autostart/autostart.auto")) || undefined, "the autostart file to be removed");
      await m.platforms.refresh(); // the core is loaded: the launch is confirmed, not replaced
      expect(m.started()).toHaveLength(1);
      await m.launch.stopActive();
      expect(log()).toEqual(["restart replay.service /roms/nintendo_snes/Super Game (USA).sfc", "restart replay.service menu"]);
      expect(m.launch.activeMedia()).toBeNull();
      expect(m.stopped()).toMatchObject([{ launcherId: "SNES", mediaName: "Super Game (USA)" }]);
    } finally {
      await m.close();
    }
  });

  test("each arcade folder has its own launcher; a game that quits to the menu ends the media", async () => {
    const m = moduleFor();
    try {
      expect(await m.run(join(sd(), "roms/arcade_mame/sf2.zip"))).toMatchObject({ success: true });
      expect(m.launch.activeMedia()).toMatchObject({ launcherId: "ArcadeMAME", systemId: "Arcade", mediaName: "sf2" });
      await m.platforms.refresh();
      maps(""); // the player left the game from ReplayOS's own menu
      await waitFor(() => m.launch.activeMedia() === null || undefined, "the media to end");
      expect(m.stopped()).toMatchObject([{ launcherId: "ArcadeMAME" }]);
    } finally {
      await m.close();
    }
  });

  test("a game on another drive than the one ReplayOS plays from is refused with the reference's advice", async () => {
    const m = moduleFor();
    try {
      const entry = await m.run(join(root, "media/usb/roms/nintendo_nes/Far Away (USA).nes"));
      expect(entry.success).toBe(false);
      expect(entry.error).toContain("ROM is on usb but ReplayOS is configured for sd");
      expect(log()).toEqual([]);
    } finally {
      await m.close();
    }
  });

  test("a game started from ReplayOS's menu is now playing, named by its .rec file; a core alone names the system", async () => {
    const m = moduleFor();
    try {
      await m.platforms.refresh(); // the first look notes the .rec files already there
      writeFileSync(join(sd(), "roms/_recent/Hedgehog (USA).md.rec"), "/roms/sega_smd/Hedgehog (USA).md\n");
      maps("genesis_plus_gx_libretro.so");
      await waitFor(() => m.launch.activeMedia() ?? undefined, "the menu's game to be seen");
      expect(m.launch.activeMedia()).toMatchObject({ launcherId: "Genesis", systemId: "Genesis", mediaName: "Hedgehog (USA)", mediaPath: join(sd(), "roms/sega_smd/Hedgehog (USA).md") });
      maps("");
      await waitFor(() => m.launch.activeMedia() === null || undefined, "the game to end");
      maps("pcsx_rearmed_libretro.so");
      await waitFor(() => m.launch.activeMedia() ?? undefined, "a core without a known ROM");
      expect(m.launch.activeMedia()).toMatchObject({ launcherId: "ReplayOS", systemId: "PSX", mediaName: "pcsx_rearmed" });
      await m.launch.stopActive();
      expect(log()).toEqual(["restart replay.service menu"]);
      expect(m.stopped().map((s) => s.systemId)).toEqual(["Genesis", "PSX"]);
    } finally {
      await m.close();
    }
  });
});
