import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { execFileSync, spawnSync } from "node:child_process";
import { closeSync, constants, copyFileSync, existsSync, lstatSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Armv7Artifact } from "../../build/armv7/build.ts";
import { EMU, inRoot, makeArmhfRoot } from "../fixtures/armhf-root.ts";
import { ARMV7_BUILD_TIMEOUT_MS, ARMV7_TEST_API_VERSION, ARMV7_TEST_VERSION, armv7Build } from "../fixtures/armv7-build.ts";
import { scratchDirs } from "../fixtures/test-cleanup.ts";
import { freePort } from "../fixtures/process.ts";
import { RpcClient } from "../fixtures/rpc-client.ts";
import { NODE_X64_VERSION } from "../fixtures/runtimes.ts";

/**
 * The MiSTer build as a user installs it: the single self-extracting file in /media/fat/Scripts, inside a
 * glibc 2.31 armhf root (Debian bullseye, like the device), scripts under busybox sh, the service as ARM code
 * on an emulated Cortex-A9 started through its own bundled loader. Emulated starts are slow, so the tests
 * share two starts: boot hook → checks → kill -9 → boot hook → checks → stop.
 */
const EMULATED_START_MS = 120_000;
const USER_LINES = '#!/bin/sh\n# the user\'s own start-up lines stay as they are\n[ -e /media/fat/other/thing.sh ] && /media/fat/other/thing.sh "$1"\n';

const scratch = scratchDirs();
let artifact: Armv7Artifact;
let root: string;
let port: number;
let fifoFd = -1;
let client: RpcClient | null = null;
const fat = () => join(root, "media", "fat");
const env = () => ({ TAPSERVE_EMU: EMU, TAPSERVE_PORT: String(port), TAPSERVE_HOST: "127.0.0.1" });
const script = (...args: string[]) => inRoot(root, ["sh", "/media/fat/Scripts/tapserve.sh", ...args], env());
const servicePid = () => Number(readFileSync(join(fat(), "tapserve", "tapserve.pid"), "utf8").trim());
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function connectWhenUp(): Promise<RpcClient> {
  const deadline = Date.now() + EMULATED_START_MS;
  for (;;) {
    try {
      return await RpcClient.connect(`ws://127.0.0.1:${port}/`);
    } catch (err) {
      if (Date.now() > deadline) {
        const log = join(fat(), "tapserve", "console.log");
        throw new Error(`service did not answer: ${(err as Error).message}\n${existsSync(log) ? readFileSync(log, "utf8") : ""}`);
      }
      await Bun.sleep(250);
    }
  }
}

/** What the service wrote to the FIFO standing in for /dev/MiSTer_cmd (non-blocking, polled). */
async function readCommand(): Promise<string> {
  const buf = Buffer.alloc(4096);
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      const n = readSync(fifoFd, buf, 0, buf.length, null);
      if (n > 0) return buf.subarray(0, n).toString();
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EAGAIN") throw err;
    }
    if (Date.now() > deadline) throw new Error("nothing written to MiSTer_cmd");
    await Bun.sleep(100);
  }
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((e) => {
    const p = join(dir, e);
    const st = lstatSync(p);
    return st.isDirectory() ? [p, ...walk(p)] : [p];
  });
}

beforeAll(async () => {
  artifact = await armv7Build();
  root = scratch("tapserve-mister-root-");
  await makeArmhfRoot(root);
  port = await freePort();
  copyFileSync(artifact.sfx, join(fat(), "Scripts", "tapserve.sh"));
  writeFileSync(join(fat(), "linux", "user-startup.sh"), USER_LINES);
  const cores = ["_Console/SNES_20240101.rbf", "_Console/NES_20240101.rbf", "_Console/MegaDrive_20240101.rbf"];
  for (const f of ["games/SNES/Super Mario World (USA).sfc", "games/NES/Zelda (USA).nes", "games/Genesis/Sonic (World).md", ...cores]) {
    mkdirSync(join(fat(), f, ".."), { recursive: true });
    writeFileSync(join(fat(), f), "");
  }
  // Forced platform (this root is no MiSTer), no mDNS on the build machine's networks.
  mkdirSync(join(fat(), "tapserve"), { recursive: true });
  writeFileSync(join(fat(), "tapserve", "config.toml"), 'console_logging = true\n\n[service]\nplatform = "mister"\nmdns = false\n');
  execFileSync("mkfifo", [join(root, "dev", "MiSTer_cmd")]);
  fifoFd = openSync(join(root, "dev", "MiSTer_cmd"), constants.O_RDWR | constants.O_NONBLOCK);
}, ARMV7_BUILD_TIMEOUT_MS);

afterAll(() => {
  client?.close();
  if (fifoFd >= 0) closeSync(fifoFd);
  try {
    const pid = servicePid();
    if (alive(pid)) process.kill(pid, "SIGKILL");
  } catch {}
});

describe("MiSTer (armv7) build in a glibc 2.31 root", () => {
  test("ships a Node of the same major as the one the end-to-end suite runs on x64", () => {
    // Debian sid moves: when its nodejs changes major, test/fixtures/runtimes.ts must follow.
    expect(artifact.nodeVersion.split(".")[0]).toBe(NODE_X64_VERSION.split(".")[0]);
  });

  test("the Scripts-menu file unpacks itself (no symlinks, for exFAT) and adds the boot hook once", async () => {
    const first = await script("install");
    expect(first.code).toBe(0);
    const prog = join(fat(), "tapserve", "program");
    expect(readFileSync(join(prog, "VERSION"), "utf8").trim()).toBe(ARMV7_TEST_VERSION);
    expect(walk(prog).filter((p) => lstatSync(p).isSymbolicLink())).toEqual([]);
    const hooked = readFileSync(join(fat(), "linux", "user-startup.sh"), "utf8");
    expect(hooked.startsWith(USER_LINES)).toBe(true);
    expect(hooked.slice(USER_LINES.length)).toBe(
      '[ -e "/media/fat/Scripts/tapserve.sh" ] && sh "/media/fat/Scripts/tapserve.sh" -service "$1" # tapserve boot hook\n',
    );
    // The hooked file as a whole still passes shellcheck (the user's lines here are clean).
    const lint = spawnSync("shellcheck", ["-s", "sh", join(fat(), "linux", "user-startup.sh")], { encoding: "utf8" });
    expect(lint.stdout + lint.stderr).toBe("");
    expect(lint.status).toBe(0);
    const again = await script("install");
    expect(again.code).toBe(0);
    expect(readFileSync(join(fat(), "linux", "user-startup.sh"), "utf8")).toBe(hooked);
  }, 60_000);

  test(
    "started by the boot hook on an emulated Cortex-A9, it answers version with platform mister",
    async () => {
      const boot = await inRoot(root, ["sh", "/media/fat/linux/user-startup.sh", "start"], env());
      expect(boot.code).toBe(0);
      expect(boot.output).toContain("tapserve started");
      client = await connectWhenUp();
      expect(await client.call("version")).toEqual({ version: ARMV7_TEST_API_VERSION, platform: "mister" });
      const status = await script("status");
      expect(status.output).toContain(`Service: running (pid ${servicePid()}), port ${port}`);
      expect(status.output).toContain("Start at boot: yes");
    },
    EMULATED_START_MS + 30_000,
  );

  test("indexes the MiSTer games folder and finds a game with media.search", async () => {
    await client!.call("media.index", {});
    const found = (await client!.call("media.search", { query: "mario" })) as { total: number; results: unknown[] };
    expect(found.total).toBe(1);
    expect(found.results[0]).toMatchObject({ name: "Super Mario World (USA)", path: "SNES/Super Mario World (USA).sfc", system: { id: "SNES" } });
  }, 120_000);

  test("a launch writes the MGL and sends load_core to /dev/MiSTer_cmd", async () => {
    await client!.call("launch", { text: "SNES/Super Mario World (USA).sfc" });
    expect(await readCommand()).toBe("load_core /media/fat/.LASTLAUNCH.mgl\n");
    const mgl = readFileSync(join(fat(), ".LASTLAUNCH.mgl"), "utf8");
    expect(mgl).toContain("<rbf>_Console/SNES</rbf>");
    expect(mgl).toContain('path="../../../../../media/fat/games/SNES/Super Mario World (USA).sfc"');
  }, 60_000);

  test("the Scripts menu shows a pairing PIN from the running service", async () => {
    const pin = await script("pin");
    expect(pin.output).toMatch(/Pairing PIN: \d{6} \(enter it in the phone app within 5 minutes\)/);
  }, EMULATED_START_MS);

  test(
    "an acknowledged mapping survives kill -9 (journal mode DELETE, no WAL file on the SD card)",
    async () => {
      const created = (await client!.call("mappings.new", { enabled: true, type: "uid", match: "exact", pattern: "04:AA:BB", override: "NES/Zelda (USA).nes" })) as { id: number };
      expect(existsSync(join(fat(), "tapserve", "user.db-wal"))).toBe(false);
      const pid = servicePid();
      process.kill(pid, "SIGKILL");
      while (alive(pid)) await Bun.sleep(50);
      client!.close();
      const boot = await inRoot(root, ["sh", "/media/fat/linux/user-startup.sh", "start"], env());
      expect(boot.output).toContain("tapserve started");
      client = await connectWhenUp();
      const { mappings } = (await client.call("mappings")) as { mappings: Array<Record<string, unknown>> };
      expect(mappings).toEqual([expect.objectContaining({ id: String(created.id), pattern: "04:AA:BB", override: "NES/Zelda (USA).nes", enabled: true })]);
    },
    EMULATED_START_MS + 30_000,
  );

  test("the boot hook's stop ends the service and status says so", async () => {
    const pid = servicePid();
    client?.close();
    client = null;
    const stop = await inRoot(root, ["sh", "/media/fat/linux/user-startup.sh", "stop"], env());
    expect(stop.output).toContain("tapserve stopped");
    expect(alive(pid)).toBe(false);
    expect(existsSync(join(fat(), "tapserve", "tapserve.pid"))).toBe(false);
    expect((await script("status")).output).toContain("Service: not running");
    expect((await script("stop")).output).toContain("tapserve is not running");
  }, 60_000);

  // The log is the behaviour here: the one line that tells a MiSTer user why PC/SC is off, not repeated on the SD card.
  test("PC/SC (no binding on Node) was switched off with one log line per start, nothing else about it", () => {
    const lines = readFileSync(join(fat(), "tapserve", "service.log"), "utf8").split("\n");
    const starts = lines.filter((l) => l.includes("listening on port")).length;
    expect(starts).toBe(2);
    expect(lines.filter((l) => l.includes("PC/SC"))).toEqual(Array(starts).fill(expect.stringContaining("PC/SC readers disabled: the node runtime has no PC/SC binding")));
  });
});
