import { mkdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { buildDist, type DistResult } from "../build/release/build.ts";
import { ensureBunExecutable } from "../build/release/bun-executable.ts";
import { compileAsShipped } from "../build/release/bytecode-order.ts";
import { DIST_TARGETS, findTarget } from "../build/release/targets.ts";
import { pinnedBunVersion } from "../build/release/version.ts";
import { firstTagFigures } from "./first-tag.ts";
import { execToVersion, freePort, median, ROOT, tempDir } from "./lib.ts";

/**
 * Issue 7: the device builds. Binary and archive size per target, and the time from exec to the first
 * answered `version` over WebSocket for the compiled service against a bare Bun WebSocket server compiled the
 * same way (same flags, same target Bun), both in this run: x64 natively, arm64 under qemu-user (a Cortex-A53
 * emulated on this machine: the ratio is the useful figure there, not the absolute time).
 * Issue 26: also against a bare server that loads Hono + arktype as the service does (B6, B6a), and exec →
 * first tag launched with a simulated PN532 present (B6b, bench/first-tag.ts). Issue 41: the `version` client is
 * a browser page of the device (Origin header), which only the full service answers (bench/lib.ts). The sides alternate start by
 * start, so load from other work on this machine falls on all of them alike; still noisy on a shared machine.
 */
const RUNS_NATIVE = 10;
const RUNS_QEMU = 3;
const QEMU = ["qemu-aarch64-static", "-cpu", "cortex-a53", "-L", "/usr/aarch64-linux-gnu"];
const MiB = 1024 * 1024;

interface Side {
  binary: string;
  args: (port: number) => string[];
}

/** Median of `runs` starts per side (after one warm-up start each), the sides alternating start by start. */
async function startupMs(prefix: string[], sides: Side[], runs: number): Promise<number[]> {
  const times: number[][] = sides.map(() => []);
  for (let i = 0; i < runs + 1; i++) {
    for (const [k, side] of sides.entries()) {
      const port = await freePort();
      const [cmd, ...pre] = [...prefix, side.binary];
      const { ms: t } = await execToVersion(cmd!, [...pre, ...side.args(port)], port, { timeoutMs: 120_000, pollMs: 2 }, () => undefined);
      if (i > 0) times[k]!.push(t); // the first run warms the page cache and creates the config
    }
  }
  return times.map(median);
}

export async function run(): Promise<Record<string, number | string>> {
  const out = join(ROOT, "bench", "out", "dist");
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const cacheDir = process.env.TAPSERVE_BUN_CACHE || join(ROOT, "build", ".cache", "bun");
  const dist: DistResult = await buildDist({ root: ROOT, outDir: out, targets: DIST_TARGETS, cacheDir });
  const figures: Record<string, number | string> = { version: dist.version };
  for (const a of dist.artifacts) {
    figures[`${a.target.name} binary / archive, MiB`] = `${(a.binaryBytes / MiB).toFixed(1)} / ${(a.archiveBytes / MiB).toFixed(1)}`;
  }

  const bare: Record<string, string> = {};
  const hono: Record<string, string> = {};
  for (const name of ["linux-x64", "linux-arm64"]) {
    const target = findTarget(name)!;
    const targetExecutable = await ensureBunExecutable(target, pinnedBunVersion(ROOT), cacheDir, ROOT);
    bare[name] = join(out, `bare-version-server-${name}`);
    hono[name] = join(out, `bare-hono-arktype-${name}`);
    await compileAsShipped({ bun: process.execPath, entry: join(ROOT, "bench", "bare-version-server.ts"), outfile: bare[name]!, target, targetExecutable }, `${bare[name]}.order`);
    await compileAsShipped({ bun: process.execPath, entry: join(ROOT, "bench", "echo-server-hono-arktype.ts"), outfile: hono[name]!, target, targetExecutable }, `${hono[name]}.order`);
  }
  const x64 = dist.artifacts.find((a) => a.target.name === "linux-x64")!;
  figures["bare Bun server (x64) binary, MiB"] = (statSync(bare["linux-x64"]!).size / MiB).toFixed(1);
  figures["ratio service / bare binary size (x64)"] = x64.binaryBytes / statSync(bare["linux-x64"]!).size;

  const data = tempDir();
  try {
    const svcArgs = (port: number) => ["--data-dir", data, "--port", String(port), "--host", "127.0.0.1"];
    const bareArgs = (port: number) => [String(port)];
    const [bareX, honoX, svcX] = await startupMs([], [
      { binary: bare["linux-x64"]!, args: bareArgs },
      { binary: hono["linux-x64"]!, args: bareArgs },
      { binary: x64.binary, args: svcArgs },
    ], RUNS_NATIVE);
    figures[`B6 x64 exec → version, bare Bun server, ms (median of ${RUNS_NATIVE})`] = bareX!;
    figures[`B6 x64 exec → version, bare + Hono + arktype, ms`] = honoX!;
    figures[`B6 x64 exec → version, service, ms (goal < 150)`] = svcX!;
    figures["B6 x64 ratio service / bare (goal <= 10)"] = svcX! / bareX!;
    figures["B6 x64 ratio service / bare + Hono + arktype"] = svcX! / honoX!;

    const arm = dist.artifacts.find((a) => a.target.name === "linux-arm64")!;
    const [bareA, honoA, svcA] = await startupMs(QEMU, [
      { binary: bare["linux-arm64"]!, args: bareArgs },
      { binary: hono["linux-arm64"]!, args: bareArgs },
      { binary: arm.binary, args: svcArgs },
    ], RUNS_QEMU);
    figures[`B6a arm64 (qemu A53) exec → version, bare, ms (median of ${RUNS_QEMU})`] = bareA!;
    figures[`B6a arm64 (qemu A53) exec → version, bare + Hono + arktype, ms`] = honoA!;
    figures[`B6a arm64 (qemu A53) exec → version, service, ms`] = svcA!;
    figures["B6a arm64 (qemu) ratio service / bare (goal <= 6)"] = svcA! / bareA!;
    figures["B6a arm64 (qemu) ratio service / bare + Hono + arktype"] = svcA! / honoA!;

    Object.assign(figures, await firstTagFigures(x64.binary, "B6b x64"));
    figures["B6b goal"] = "< 250 ms on x64";
    Object.assign(figures, await firstTagFigures(arm.binary, "arm64 (qemu A53)", QEMU, RUNS_QEMU, 120_000));
  } finally {
    rmSync(data, { recursive: true, force: true });
    rmSync(out, { recursive: true, force: true });
  }
  return figures;
}
