import { mkdirSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { buildDist } from "../build/release/build.ts";
import { findTarget } from "../build/release/targets.ts";
import { armv7Build } from "../test/fixtures/armv7-build.ts";
import { execToVersion, freePort, median, ROOT, tempDir } from "./lib.ts";
import { nodeMemoryFigures } from "./node-memory.ts";

/**
 * Issue 14: the MiSTer build (Node 24 from Debian armhf with its own loader, emulated Cortex-A9) beside the
 * arm64 Bun binary (emulated Cortex-A53), in the same run: artifact size, exec → first answered `version`
 * over WebSocket, and memory at that moment. Both run under qemu-user on this machine, so the times and the
 * memory are relative figures, not device figures.
 *
 * Memory: under qemu-user the guest's own RSS cannot be read from inside (Node's rss reads 0), so it is taken
 * from the host's /proc/<qemu pid>/smaps: "qemu process" is everything; "guest" drops what is qemu's own (its
 * binary, its heap, the translated-code buffer, its thread stacks and allocator arenas in the host's mmap
 * area). The guest figure is the one to compare; it still is not what the board would show.
 * Then B9 (bench/node-memory.ts): the same Node bundle natively on x64 Node of the same major, idle and peak
 * RSS while indexing 250k files, against a bare node:http server on that Node.
 */
const RUNS = 5;
const QEMU_A9 = "qemu-arm-static -cpu cortex-a9";
const QEMU_A53 = ["qemu-aarch64-static", "-cpu", "cortex-a53", "-L", "/usr/aarch64-linux-gnu"];
const MiB = 1024 * 1024;
/** Where the host's own mmap area starts on x86-64 (qemu's libraries, thread stacks, malloc arenas). */
const HOST_MMAP_AREA = 0x7f00_0000_0000n;

interface Memory {
  qemuKiB: number;
  guestKiB: number;
}

/** Splits the Rss in /proc/<pid>/smaps into qemu's own and the guest's. */
function memoryOf(pid: number): Memory {
  let qemuKiB = 0;
  let guestKiB = 0;
  let own = false;
  for (const line of readFileSync(`/proc/${pid}/smaps`, "utf8").split("\n")) {
    const head = /^([0-9a-f]+)-[0-9a-f]+ (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      const [, start, perms, path] = head as unknown as [string, string, string, string];
      own =
        path === "[heap]" ||
        path.startsWith("[") ||
        /qemu-[a-z0-9]+-static$/.test(path) ||
        (path === "" && perms.startsWith("rwx")) ||
        (path === "" && BigInt(`0x${start}`) >= HOST_MMAP_AREA);
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (!rss) continue;
    const kib = Number(rss[1]);
    qemuKiB += kib;
    if (!own) guestKiB += kib;
  }
  return { qemuKiB, guestKiB };
}

/** Spawns, measures until a WebSocket `version` gets its answer, samples memory there, stops the process. */
async function startOnce(cmd: string, args: string[], port: number, env: Record<string, string>): Promise<{ ms: number; mem: Memory }> {
  const { ms, sample } = await execToVersion(cmd, args, port, { env, timeoutMs: 180_000, pollMs: 5 }, (child) => memoryOf(child.pid!));
  return { ms, mem: sample };
}

interface Side {
  cmd: string;
  args: (port: number, data: string) => string[];
  env?: Record<string, string>;
}

interface StartFigures {
  ms: number;
  qemuMiB: number;
  guestMiB: number;
}

/**
 * Median time and memory over RUNS starts of each side after one warm-up start each (page cache, config
 * written). The sides alternate, so load from other work on this machine falls on both alike.
 */
async function starts(sides: Side[]): Promise<StartFigures[]> {
  const data = sides.map(() => tempDir("tapserve-bench-mister-"));
  try {
    const runs: Array<Array<{ ms: number; mem: Memory }>> = sides.map(() => []);
    for (let i = 0; i <= RUNS; i++) {
      for (const [k, side] of sides.entries()) {
        const port = await freePort();
        const r = await startOnce(side.cmd, side.args(port, data[k]!), port, side.env ?? {});
        if (i > 0) runs[k]!.push(r);
      }
    }
    return runs.map((rs) => ({
      ms: median(rs.map((r) => r.ms)),
      qemuMiB: median(rs.map((r) => r.mem.qemuKiB)) / 1024,
      guestMiB: median(rs.map((r) => r.mem.guestKiB)) / 1024,
    }));
  } finally {
    for (const d of data) rmSync(d, { recursive: true, force: true });
  }
}

function folderBytes(dir: string): number {
  return readdirSync(dir).reduce((n, e) => {
    const p = join(dir, e);
    const st = statSync(p);
    return n + (st.isDirectory() ? folderBytes(p) : st.size);
  }, 0);
}

export async function run(): Promise<Record<string, number | string>> {
  const armv7 = await armv7Build();
  const out = join(ROOT, "bench", "out", "mister");
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  try {
    const cacheDir = process.env.TAPSERVE_BUN_CACHE || join(ROOT, "build", ".cache", "bun");
    const dist = await buildDist({ root: ROOT, outDir: out, targets: [findTarget("linux-arm64")!], cacheDir });
    const arm64 = dist.artifacts[0]!;
    const mib = (n: number) => (n / MiB).toFixed(1);

    const svcArgs = (port: number, data: string) => ["--data-dir", data, "--port", String(port), "--host", "127.0.0.1"];
    const [a7, a64] = await starts([
      { cmd: "sh", args: (port, data) => [join(armv7.dir, "start.sh"), ...svcArgs(port, data)], env: { TAPSERVE_EMU: QEMU_A9 } },
      { cmd: QEMU_A53[0]!, args: (port, data) => [...QEMU_A53.slice(1), arm64.binary, ...svcArgs(port, data)] },
    ]);
    if (!a7 || !a64) throw new Error("missing figures");

    return {
      "armv7 Node (Debian sid armhf)": armv7.nodeVersion,
      "armv7 single file .sh / .tar.gz, MiB": `${mib(armv7.sfxBytes)} / ${mib(armv7.archiveBytes)}`,
      "armv7 unpacked (runtime + bundle), MiB": `${mib(folderBytes(armv7.dir))} (${mib(armv7.runtimeBytes)} + ${(armv7.bundleBytes / 1024).toFixed(0)} KiB)`,
      "arm64 binary / .tar.gz, MiB": `${mib(arm64.binaryBytes)} / ${mib(arm64.archiveBytes)}`,
      "download ratio armv7 / arm64 (.tar.gz)": armv7.archiveBytes / arm64.archiveBytes,
      [`armv7 (A9) exec → version, ms, median of ${RUNS}`]: a7.ms,
      [`arm64 (A53) exec → version, ms, median of ${RUNS}`]: a64.ms,
      "start ratio armv7 / arm64": a7.ms / a64.ms,
      "armv7 RSS at answer, guest / qemu total, MiB": `${a7.guestMiB.toFixed(1)} / ${a7.qemuMiB.toFixed(1)}`,
      "arm64 RSS at answer, guest / qemu total, MiB": `${a64.guestMiB.toFixed(1)} / ${a64.qemuMiB.toFixed(1)}`,
      "guest RSS ratio armv7 / arm64": a7.guestMiB / a64.guestMiB,
      ...(await nodeMemoryFigures()),
    };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
