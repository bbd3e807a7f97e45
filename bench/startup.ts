import { existsSync, mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { ensureBunExecutable } from "../build/release/bun-executable.ts";
import { compileAsShipped } from "../build/release/bytecode-order.ts";
import { findTarget } from "../build/release/targets.ts";
import { pinnedBunVersion } from "../build/release/version.ts";
import { execToVersion, freePort, median, ROOT, tempDir } from "./lib.ts";

/**
 * Issue 26 (B6): exec → first answered `version` over WebSocket for the compiled x64 service, against a bare Bun
 * server compiled the same way answering the same request, and against a bare server that also loads arktype
 * the way the service does (the reference for what the card's libraries cost). Only x64, natively, so
 * it runs in seconds; bench/dist.ts covers arm64 under qemu. TAPSERVE_STARTUP_RUNS=n for another run count.
 * Issue 41: the client is a browser page of the device (bench/lib.ts), answered only by the full service.
 */
const RUNS = Number(process.env.TAPSERVE_STARTUP_RUNS || 10);

/** Median of `runs` starts (one extra first start warms the page cache and writes the config). */
async function startupMs(binary: string, args: (port: number) => string[], runs: number): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs + 1; i++) {
    const port = await freePort();
    const { ms } = await execToVersion(binary, args(port), port, { timeoutMs: 60_000, pollMs: 1 }, () => undefined);
    if (i > 0) times.push(ms);
  }
  return median(times);
}

function bunCacheDir(): string {
  if (process.env.TAPSERVE_BUN_CACHE) return process.env.TAPSERVE_BUN_CACHE;
  return join(ROOT, "build", ".cache", "bun");
}

export async function run(): Promise<Record<string, number | string>> {
  const out = join(ROOT, "bench", "out", "startup");
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const target = findTarget("linux-x64")!;
  const targetExecutable = await ensureBunExecutable(target, pinnedBunVersion(ROOT), bunCacheDir(), ROOT);
  const compile = (entry: string, name: string) => {
    const outfile = join(out, name);
    return compileAsShipped({ bun: process.execPath, entry: join(ROOT, entry), outfile, target, targetExecutable, defines: { TAPSERVE_BUILD_VERSION: "0.0.0-bench" } }, `${outfile}.order`).then(() => outfile);
  };
  const service = await compile("src/main.ts", "tapserve");
  const bare = await compile("bench/bare-version-server.ts", "bare");
  const bareArktype = await compile("bench/echo-server-arktype.ts", "bare-arktype");

  const data = tempDir();
  try {
    const bareMs = await startupMs(bare, (port) => [String(port)], RUNS);
    const arktypeMs = await startupMs(bareArktype, (port) => [String(port), '{"jsonrpc":"2.0","id":1,"result":{}}'], RUNS);
    const svcMs = await startupMs(service, (port) => ["--data-dir", data, "--port", String(port), "--host", "127.0.0.1"], RUNS);
    const withTags = existsSync(join(data, "config.toml")) ? "" : " (no config written?)";
    return {
      [`x64 exec → version, bare Bun server, ms (median of ${RUNS})`]: bareMs,
      [`x64 exec → version, bare + arktype, ms (median of ${RUNS})`]: arktypeMs,
      [`x64 exec → version, service, ms (median of ${RUNS}; goal < 150)${withTags}`]: svcMs,
      "ratio service / bare (goal <= 10)": svcMs / bareMs,
      "ratio service / bare + arktype": svcMs / arktypeMs,
    };
  } finally {
    rmSync(data, { recursive: true, force: true });
    rmSync(out, { recursive: true, force: true });
  }
}
