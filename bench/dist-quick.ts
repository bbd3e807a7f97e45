import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { ensureBunExecutable } from "../build/release/bun-executable.ts";
import { compileAsShipped } from "../build/release/bytecode-order.ts";
import { findTarget } from "../build/release/targets.ts";
import { pinnedBunVersion } from "../build/release/version.ts";
import { execToVersion, freePort, median, ROOT, tempDir } from "./lib.ts";

/**
 * B6 alone, x64 only (the full `dist` bench also packs every target and runs qemu): compiles the service, the
 * bare Bun server and the bare + Hono + arktype server the way `make dist` does, then the median exec → first
 * answered `version` of each, the sides alternating start by start. For trying start-up changes quickly.
 * Usage: bun bench/run.ts dist-quick   (DIST_QUICK_RUNS=n, default 10)
 */
const RUNS = Number(process.env.DIST_QUICK_RUNS || 10);

export async function run(): Promise<Record<string, number | string>> {
  const out = join(ROOT, "bench", "out", "dist-quick");
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const cacheDir = process.env.TAPSERVE_BUN_CACHE || join(ROOT, "build", ".cache", "bun");
  const target = findTarget("linux-x64")!;
  const targetExecutable = await ensureBunExecutable(target, pinnedBunVersion(ROOT), cacheDir, ROOT);
  const build = async (entry: string, name: string) => {
    const outfile = join(out, name);
    await compileAsShipped({ bun: process.execPath, entry, outfile, target, targetExecutable }, `${outfile}.order`);
    return outfile;
  };
  const sides = [
    { name: "bare Bun server", bin: await build(join(ROOT, "bench", "bare-version-server.ts"), "bare"), svc: false },
    { name: "bare + Hono + arktype", bin: await build(join(ROOT, "bench", "echo-server-hono-arktype.ts"), "hono"), svc: false },
    { name: "service", bin: await build(join(ROOT, "src", "main.ts"), "tapserve"), svc: true },
  ];
  const data = tempDir();
  const times: number[][] = sides.map(() => []);
  try {
    for (let i = 0; i < RUNS + 1; i++) {
      for (const [k, s] of sides.entries()) {
        const port = await freePort();
        const args = s.svc ? ["--data-dir", data, "--port", String(port), "--host", "127.0.0.1"] : [String(port)];
        const { ms } = await execToVersion(s.bin, args, port, { timeoutMs: 30_000, pollMs: 1 }, () => undefined);
        if (i > 0) times[k]!.push(ms); // the first start warms the page cache and writes the config
      }
    }
  } finally {
    rmSync(data, { recursive: true, force: true });
    rmSync(out, { recursive: true, force: true });
  }
  const [bare, hono, svc] = times.map(median) as [number, number, number];
  return {
    [`B6 x64 exec → version, bare Bun server, ms (median of ${RUNS})`]: bare,
    "B6 x64 exec → version, bare + Hono + arktype, ms": hono,
    "B6 x64 exec → version, service, ms (goal < 150)": svc,
    "B6 x64 ratio service / bare (goal <= 10)": svc / bare,
    "B6 x64 ratio service / bare + Hono + arktype": svc / hono,
  };
}
