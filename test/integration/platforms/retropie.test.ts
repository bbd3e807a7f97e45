import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { type ChildProcess, spawn } from "node:child_process";
import { chmodSync, existsSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { makeCore, makeLaunch } from "../../fixtures/launch-core.ts";
import { isAlive, waitFor, writeEmulator, writeFiles } from "../../fixtures/launch-env.ts";
import { tempDir } from "../../fixtures/service.ts";

/**
 * RetroPie: each installed system (one with `/opt/retropie/configs/<system>/emulators.cfg`, here in a fake root)
 * is a launcher that starts games as EmulationStation does, `runcommand.sh 0 _SYS_ <system> <rom>`; a real
 * script records its command line in place of runcommand. The process is the "now playing" signal.
 */
let root: string;
let configs: string;
let runcommand: { script: string; record: string };
let quick: { script: string; record: string };
/** A runcommand that EmulationStation would start: runs an "emulator" child until it is signalled. */
let esRuncommand: string;
const external: ChildProcess[] = [];
const POLL = "[platforms]\npoll_interval = 0.05\n";

const recorded = async (record: string) => (await waitFor(() => existsSync(record) && readFileSync(record, "utf8"), "runcommand to start")).trim().split("\n");

function moduleFor(script: string, toml = "") {
  const env = makeCore({ platform: "retropie", configToml: toml });
  const launch = makeLaunch(env, { platform: { retropie: { runcommand: script, configs }, graceMs: 500 } });
  return {
    env,
    launch,
    async close() {
      await launch.launch.stopActive().catch(() => {});
      await launch.launch.stop();
      env.close();
    },
  };
}

beforeAll(() => {
  root = tempDir("tapserve-retropie-");
  configs = join(root, "opt/retropie/configs");
  writeFiles(root, ["home/pi/RetroPie/roms/snes/Super Game (USA).sfc", "home/pi/RetroPie/roms/nes/Tiny.nes", "home/pi/RetroPie/roms/megadrive/Sonic.md", "opt/retropie/configs/all/.keep"]);
  writeFiles(configs, ["megadrive/.keep", "snes/.keep", "nes/.keep"]);
  writeFileSync(join(configs, "snes", "emulators.cfg"), 'lr-snes9x = "/opt/retropie/emulators/retroarch/bin/retroarch -L snes9x_libretro.so %ROM%"\nsnes9x = "/opt/retropie/emulators/snes9x/snes9x %ROM%"\ndefault = "lr-snes9x"\n');
  writeFileSync(join(configs, "nes", "emulators.cfg"), 'lr-fceumm = "retroarch -L fceumm_libretro.so %ROM%"\ndefault = "lr-fceumm"\n');
  writeFileSync(join(configs, "megadrive", "emulators.cfg"), 'lr-genesis-plus-gx = "retroarch -L genesis_plus_gx_libretro.so %ROM%"\n');
  runcommand = writeEmulator(join(root, "bin"));
  // named as RetroPie's, so the "now playing" scan sees it too (and must leave it to the launch)
  symlinkSync(runcommand.script, join(root, "bin", "runcommand.sh"));
  runcommand.script = join(root, "bin", "runcommand.sh");
  quick = writeEmulator(join(root, "quick"), { exitAfter: 0 });
  esRuncommand = join(root, "es", "runcommand.sh");
  writeFiles(root, ["es/.keep"]);
  writeFileSync(esRuncommand, `#!/bin/sh\nsleep 600 &\ntrap 'kill $! 2>/dev/null; exit 0' TERM\nwait\n`);
  chmodSync(esRuncommand, 0o755);
});

afterAll(() => {
  for (const p of external) p.kill("SIGKILL");
  rmSync(root, { recursive: true, force: true });
});

/** Starts a game the way EmulationStation does, outside the service. */
function esStarts(system: string, rom: string): ChildProcess {
  const p = spawn(esRuncommand, ["0", "_SYS_", system, rom], { stdio: "ignore" });
  external.push(p);
  return p;
}

afterEach(() => {
  for (const r of [runcommand.record, quick.record]) rmSync(r, { force: true });
});

describe("RetroPie runcommand launchers", () => {
  test("a game of an installed system runs through runcommand with that system; stop ends the process", async () => {
    const m = moduleFor(runcommand.script, POLL);
    m.launch.launch.start();
    try {
      const ids = m.launch.platforms.all().map((l) => l.id);
      expect(ids).toContain("SNES");
      expect(ids).toContain("NES");
      expect(ids).not.toContain("PSX"); // not installed: no configs folder
      const path = join(root, "home/pi/RetroPie/roms/snes/Super Game (USA).sfc");
      expect(await m.launch.run(path)).toMatchObject({ success: true });
      const [pid, ...args] = await recorded(runcommand.record);
      expect(args).toEqual(["0", "_SYS_", "snes", path]);
      expect(m.launch.launch.activeMedia()).toMatchObject({ launcherId: "SNES", systemId: "SNES", mediaPath: path, mediaName: "Super Game (USA)" });
      await m.launch.platforms.refresh(); // the scan sees our runcommand and leaves it to the launch
      expect(m.env.notes.filter((n) => n.method === "media.started")).toHaveLength(1);
      await m.launch.launch.stopActive();
      expect(isAlive(Number(pid))).toBe(false);
      expect(m.launch.launch.activeMedia()).toBeNull();
      expect(m.env.notes.filter((n) => n.method === "media.stopped").at(-1)?.params).toMatchObject({ launcherId: "SNES", mediaPath: path });
    } finally {
      await m.close();
    }
  });

  test("the game ending by itself (runcommand exits) ends the media", async () => {
    const m = moduleFor(quick.script);
    try {
      const path = join(root, "home/pi/RetroPie/roms/nes/Tiny.nes");
      await m.launch.run(path);
      expect((await recorded(quick.record)).slice(1)).toEqual(["0", "_SYS_", "nes", path]);
      await waitFor(() => m.env.notes.some((n) => n.method === "media.stopped"), "media.stopped once runcommand exits");
      expect(m.env.notes.find((n) => n.method === "media.started")?.params).toMatchObject({ systemId: "NES", mediaPath: path });
      expect(m.env.notes.find((n) => n.method === "media.stopped")?.params).toMatchObject({ launcherId: "NES", mediaPath: path });
      expect(m.launch.launch.activeMedia()).toBeNull();
    } finally {
      await m.close();
    }
  });

  test("a system whose emulators.cfg names no default emulator is not launched through runcommand", async () => {
    const m = moduleFor(runcommand.script, "[launchers]\nretroarch = false\n");
    try {
      const h = await m.launch.run(join(root, "home/pi/RetroPie/roms/megadrive/Sonic.md"));
      expect(h).toMatchObject({ success: false });
      expect(h.error).toContain("no launcher");
      expect(existsSync(runcommand.record)).toBe(false);
    } finally {
      await m.close();
    }
  });

  test("now playing: a game EmulationStation starts through runcommand begins, and stop ends its emulator", async () => {
    const m = moduleFor(runcommand.script, POLL);
    m.launch.launch.start();
    try {
      const rom = "/home/pi/RetroPie/roms/megadrive/Streets of Rage.md";
      const rc = esStarts("megadrive", rom);
      const active = await waitFor(() => m.launch.launch.activeMedia() ?? undefined, "the game to become active");
      expect(active).toMatchObject({ launcherId: "MegaDrive", systemId: "Genesis", mediaPath: rom, mediaName: "Streets of Rage", zapScript: "" });
      const ended = new Promise((r) => rc.once("exit", r));
      await m.launch.launch.stopActive();
      await ended; // runcommand returns once its emulator has gone
      expect(m.launch.launch.activeMedia()).toBeNull();
      expect(m.env.notes.filter((n) => n.method === "media.stopped").at(-1)?.params).toMatchObject({ launcherId: "MegaDrive", mediaPath: rom });
    } finally {
      await m.close();
    }
  });

  test("now playing: the game ending in EmulationStation's runcommand ends the media", async () => {
    const m = moduleFor(runcommand.script, POLL);
    m.launch.launch.start();
    try {
      const rc = esStarts("nes", "/home/pi/RetroPie/roms/nes/Tiny.nes");
      await waitFor(() => m.launch.launch.activeMedia() ?? undefined, "the game to become active");
      rc.kill("SIGTERM");
      await waitFor(() => m.launch.launch.activeMedia() === null, "the game to end");
      expect(m.env.notes.filter((n) => n.method === "media.stopped").at(-1)?.params).toMatchObject({ launcherId: "NES", mediaName: "Tiny" });
    } finally {
      await m.close();
    }
  });
});
