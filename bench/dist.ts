import { mkdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { buildDist, type DistResult } from "../build/release/build.ts";
import { ensureBunExecutable } from "../build/release/bun-executable.ts";
import { compileBinary } from "../build/release/compile.ts";
import { DIST_TARGETS, findTarget } from "../build/release/targets.ts";
import { pinnedBunVersion } from "../build/release/version.ts";
import { execToVersion, freePort, median, ROOT, tempDir } from "./lib.ts";

/**
 * Issue 7: the device builds. Binary and archive size per target, and the time from exec to the first
 * answered `version` over WebSocket for the compiled service against a bare Bun WebSocket server compiled the
 * same way (same flags, same target Bun), both in this run: x64 natively, arm64 under qemu-user (a Cortex-A53
 * emulated on this machine: the ratio is the useful figure there, not the absolute time).
 */
const RUNS_NATIVE = 9;
const RUNS_QEMU = 3;
const QEMU = ["qemu-aarch64-static", "-cpu", "cortex-a53", "-L", "/usr/aarch64-linux-gnu"];
const MiB = 1024 * 1024;

async function startupMs(prefix: string[], binary: string, serviceArgs: (port: number) => string[], runs: number): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs + 1; i++) {
    const port = await freePort();
    const [cmd, ...pre] = [...prefix, binary];
    const { ms: t } = await execToVersion(cmd!, [...pre, ...serviceArgs(port)], port, { timeoutMs: 120_000, pollMs: 2 }, () => undefined);
    if (i > 0) times.push(t); // the first run warms the page cache and creates the config
  }
  return median(times);
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
  for (const name of ["linux-x64", "linux-arm64"]) {
    const target = findTarget(name)!;
    bare[name] = join(out, `bare-version-server-${name}`);
    await compileBinary({
      bun: process.execPath,
      entry: join(ROOT, "bench", "bare-version-server.ts"),
      outfile: bare[name]!,
      target,
      targetExecutable: await ensureBunExecutable(target, pinnedBunVersion(ROOT), cacheDir, ROOT),
    });
  }
  const x64 = dist.artifacts.find((a) => a.target.name === "linux-x64")!;
  figures["bare Bun server (x64) binary, MiB"] = (statSync(bare["linux-x64"]!).size / MiB).toFixed(1);
  figures["ratio service / bare binary size (x64)"] = x64.binaryBytes / statSync(bare["linux-x64"]!).size;

  const data = tempDir();
  try {
    const svcArgs = (port: number) => ["--data-dir", data, "--port", String(port), "--host", "127.0.0.1"];
    const bareArgs = (port: number) => [String(port)];
    const bareX = await startupMs([], bare["linux-x64"]!, bareArgs, RUNS_NATIVE);
    const svcX = await startupMs([], x64.binary, svcArgs, RUNS_NATIVE);
    figures[`x64 exec → version answered, bare Bun server, ms (median of ${RUNS_NATIVE})`] = bareX;
    figures[`x64 exec → version answered, service, ms (median of ${RUNS_NATIVE})`] = svcX;
    figures["x64 ratio service / bare"] = svcX / bareX;

    const arm = dist.artifacts.find((a) => a.target.name === "linux-arm64")!;
    const bareA = await startupMs(QEMU, bare["linux-arm64"]!, bareArgs, RUNS_QEMU);
    const svcA = await startupMs(QEMU, arm.binary, svcArgs, RUNS_QEMU);
    figures[`arm64 (qemu cortex-a53) exec → version, bare, ms (median of ${RUNS_QEMU})`] = bareA;
    figures[`arm64 (qemu cortex-a53) exec → version, service, ms (median of ${RUNS_QEMU})`] = svcA;
    figures["arm64 (qemu) ratio service / bare"] = svcA / bareA;
  } finally {
    rmSync(data, { recursive: true, force: true });
    rmSync(out, { recursive: true, force: true });
  }
  return figures;
}
