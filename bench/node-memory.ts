/**
 * Issue 26 B9 / issue 23 item 4: the Node build's memory, run as MiSTer runs it (the same bundle, the V8 flags
 * and malloc settings of deploy/mister/start.sh) on the official Node for x64 of the same major (test/fixtures/runtimes.ts),
 * natively: under qemu-user the guest's RSS cannot be read cleanly and indexing 250k would take many minutes.
 * Figures: idle RSS with no index, the peak RSS while `media.index` walks and writes 250k files (the kernel's
 * VmHWM), idle RSS right after, and idle RSS after a restart serving that index (one search done); against a
 * bare node:http server on the same Node (with start.sh's malloc settings too). A 64-bit Node's pointers are
 * twice an armv7 Node's, so the device figure should come out lower, not higher. Env TAPSERVE_BENCH_HEAP_MB="96 64" also runs those heap caps.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { nodeBundle, nodeX64 } from "../test/fixtures/runtimes.ts";
import { writeTree } from "../test/fixtures/rom-tree.ts";
import { freePort, httpOk, ROOT, startChild, stopChild, tempDir } from "./lib.ts";
import { benchSystems } from "./media.ts";

const FILES = 250_000;
const IDLE_MS = 3000;
/** Env TAPSERVE_BENCH_NODE_FLAGS: more V8 flags for the service runs (e.g. --max-semi-space-size=2). */
const EXTRA_FLAGS = (process.env.TAPSERVE_BENCH_NODE_FLAGS ?? "").split(/\s+/).filter(Boolean);

const START_SH = () => readFileSync(join(ROOT, "deploy/mister/start.sh"), "utf8");

/** The default of one of start.sh's V8 caps (TAPSERVE_HEAP_MB, TAPSERVE_SEMI_MB). */
export function startScriptDefault(env: string): number {
  const m = new RegExp(`${env}:-(\\d+)`).exec(START_SH());
  if (!m) throw new Error(`deploy/mister/start.sh: no default ${env}`);
  return Number(m[1]);
}

/** start.sh's V8 flags (its V8_FLAGS line, defaults filled in; `heapMb` in place of the old-space cap). */
export function startScriptFlags(heapMb: number): string[] {
  const m = /^V8_FLAGS="([^"]*)"/m.exec(START_SH());
  if (!m) throw new Error("deploy/mister/start.sh: no V8_FLAGS line");
  const flags = (m[1] as string).replace(/\$\{(\w+):-([^}]*)\}/g, (_, name: string, d: string) => (name === "TAPSERVE_HEAP_MB" ? String(heapMb) : d));
  return flags.split(/\s+/).filter(Boolean);
}

/** The environment start.sh exports (its `export NAME=value ...` lines). */
export function startScriptEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of START_SH().matchAll(/^export (.+)$/gm)) {
    for (const pair of (line[1] as string).split(/\s+/)) {
      const eq = pair.indexOf("=");
      if (eq > 0) env[pair.slice(0, eq)] = pair.slice(eq + 1);
    }
  }
  return env;
}

function status(pid: number): { rss: number; hwm: number } {
  const s = readFileSync(`/proc/${pid}/status`, "utf8");
  const mib = (f: string) => Number(new RegExp(`${f}:\\s+(\\d+)`).exec(s)?.[1] ?? Number.NaN) / 1024;
  return { rss: mib("VmRSS"), hwm: mib("VmHWM") };
}

async function idleRss(pid: number): Promise<number> {
  await Bun.sleep(IDLE_MS);
  return status(pid).rss;
}

async function rpc(port: number, method: string, params?: unknown): Promise<unknown> {
  const r = await fetch(`http://127.0.0.1:${port}/api`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }) });
  const body = (await r.json()) as { result?: unknown; error?: unknown };
  if (body.error) throw new Error(`${method}: ${JSON.stringify(body.error)}`);
  return body.result;
}

interface NodeFigures {
  idleEmpty: number;
  peakIndexing: number;
  idleAfterIndexing: number;
  idleServing: number;
  indexMs: number;
}

async function serviceFigures(node: string, bundle: string, heapMb: number, tree: string, work: string): Promise<NodeFigures> {
  const data = join(work, `data-${heapMb}`);
  rmSync(data, { recursive: true, force: true });
  mkdirSync(data);
  writeFileSync(join(data, "config.toml"), `[readers]\nauto_detect = false\n[launchers]\nindex_root = ["${tree}"]\n`);
  const start = async () => {
    const port = await freePort();
    const args = [...startScriptFlags(heapMb), ...EXTRA_FLAGS, bundle, "--data-dir", data, "--port", String(port), "--host", "127.0.0.1"];
    return { port, child: await startChild(node, args, () => httpOk(`http://127.0.0.1:${port}/health`), startScriptEnv()) };
  };
  let { port, child } = await start();
  let idleEmpty: number;
  let peakIndexing: number;
  let idleAfterIndexing: number;
  let indexMs: number;
  try {
    idleEmpty = await idleRss(child.pid!);
    const t0 = performance.now();
    await rpc(port, "media.index");
    indexMs = performance.now() - t0;
    peakIndexing = status(child.pid!).hwm;
    idleAfterIndexing = await idleRss(child.pid!);
    const m = (await rpc(port, "media")) as { database: { totalMedia: number } };
    if (m.database.totalMedia !== FILES) throw new Error(`indexed ${m.database.totalMedia} of ${FILES}`);
  } finally {
    await stopChild(child);
  }
  ({ port, child } = await start());
  try {
    await rpc(port, "media.search", { query: "mario world" });
    return { idleEmpty, peakIndexing, idleAfterIndexing, idleServing: await idleRss(child.pid!), indexMs };
  } finally {
    await stopChild(child);
  }
}

export async function nodeMemoryFigures(): Promise<Record<string, number | string>> {
  const work = tempDir("tapserve-bench-node-mem-");
  try {
    const node = nodeX64();
    const bundle = await nodeBundle();
    const bare = join(work, "bare-node-server.mjs");
    execFileSync(join(ROOT, "node_modules/.bin/bun"), ["build", join(ROOT, "bench/bare-node-server.ts"), "--target=node", "--format=esm", `--outfile=${bare}`], { stdio: "ignore" });
    const tree = join(work, "roms");
    mkdirSync(tree);
    writeTree(tree, benchSystems(), FILES);

    const port = await freePort();
    const bareChild = await startChild(node, [bare, String(port)], () => httpOk(`http://127.0.0.1:${port}/`), startScriptEnv());
    let bareRss: number;
    try {
      bareRss = await idleRss(bareChild.pid!);
    } finally {
      await stopChild(bareChild);
    }
    const version = execFileSync(node, ["--version"], { encoding: "utf8" }).trim();
    const out: Record<string, number | string> = { "B9 Node (x64, same major as the armv7 build)": version, "B9 bare node:http server idle RSS, MiB": bareRss };
    const caps = [startScriptDefault("TAPSERVE_HEAP_MB"), ...(process.env.TAPSERVE_BENCH_HEAP_MB ?? "").split(/[\s,]+/).filter(Boolean).map(Number)];
    for (const [i, heapMb] of caps.entries()) {
      const f = await serviceFigures(node, bundle, heapMb, tree, work);
      const tag = `B9 ${[...startScriptFlags(heapMb), ...EXTRA_FLAGS].join(" ")}${i === 0 ? " (start.sh)" : ""}:`;
      out[`${tag} idle RSS, no index, MiB`] = f.idleEmpty;
      out[`${tag} peak RSS indexing ${FILES / 1000}k, MiB (goal < 128)`] = f.peakIndexing;
      out[`${tag} media.index ${FILES / 1000}k, ms`] = f.indexMs;
      out[`${tag} idle RSS 3 s after indexing, MiB`] = f.idleAfterIndexing;
      out[`${tag} idle RSS serving ${FILES / 1000}k (restarted), MiB`] = f.idleServing;
      out[`${tag} ratio idle 3 s after indexing / bare Node (goal <= 1.5)`] = f.idleAfterIndexing / bareRss;
      out[`${tag} ratio idle serving / bare Node (goal <= 1.5)`] = f.idleServing / bareRss;
    }
    return out;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  for (const [k, v] of Object.entries(await nodeMemoryFigures())) process.stdout.write(`  ${k.padEnd(64)} ${typeof v === "number" ? Number(v.toFixed(1)) : v}\n`);
  process.exit(0);
}
