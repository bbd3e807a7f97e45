import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { compileAsShipped as compileShipped } from "../build/release/bytecode-order.ts";
import { findTarget } from "../build/release/targets.ts";
import { freePort, httpOk, ROOT, startChild, stopChild } from "./lib.ts";

/** A plain `bun build --compile`, as anyone would build a bare server. */
function compilePlain(entry: string, out: string): void {
  const r = spawnSync(process.execPath, ["build", "--compile", join(ROOT, entry), "--outfile", out], { cwd: ROOT, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`bun build --compile ${entry} failed:\n${r.stderr}`);
}

/** A binary exactly as `make dist` builds it for this machine, with its own recorded bytecode order. */
async function compileAsShipped(entry: string, out: string): Promise<void> {
  const target = findTarget(process.arch === "arm64" ? "linux-arm64" : "linux-x64");
  if (!target) throw new Error(`no dist target for ${process.arch}`);
  await compileShipped({ bun: process.execPath, entry: join(ROOT, entry), outfile: out, target, targetExecutable: process.execPath }, `${out}.order`);
}

interface Rss {
  total: number;
  anon: number;
}

function rssOf(pid: number): Rss {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kib = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? Number.NaN);
  return { total: kib("VmRSS") / 1024, anon: kib("RssAnon") / 1024 };
}

async function idleRss(pid: number): Promise<Rss> {
  await Bun.sleep(3000);
  return rssOf(pid);
}

/** RSS 3 s after the last request; with `later`, also 25 s after it (the service hands memory back once quiet 20 s: service/idle-memory.ts). */
async function idleSamples(pid: number, later: boolean): Promise<{ at3: Rss; at25?: Rss }> {
  const at3 = await idleRss(pid);
  if (!later) return { at3 };
  await Bun.sleep(22_000);
  return { at3, at25: rssOf(pid) };
}

/**
 * Idle RSS of a bare server binary (started with `port pong`), never asked anything; with `served`, idle after
 * answering one JSON-RPC request over HTTP, as the service is measured after answering one.
 */
async function bareIdle(bin: string, o: { served?: boolean; later?: boolean; env?: Record<string, string> } = {}): Promise<{ at3: Rss; at25?: Rss }> {
  const port = await freePort();
  const child = await startChild(bin, [String(port), "pong"], () => httpOk(`http://127.0.0.1:${port}/`), o.env);
  try {
    if (o.served) {
      const r = await fetch(`http://127.0.0.1:${port}/api`, { method: "POST", headers: { "content-type": "application/json" }, body: '{"jsonrpc":"2.0","id":1,"method":"version"}' });
      if (!r.ok) throw new Error(`the bare server answered ${r.status}`);
      await r.text();
    }
    return await idleSamples(child.pid as number, o.later === true);
  } finally {
    await stopChild(child);
  }
}

/**
 * B5: the shipped binary (bytecode, start-up JIT policy) serving the 250k index after one search, idle (a restart:
 * the binary has run on that data before), against a bare Bun server compiled plainly (and, for reference, compiled
 * the way we ship, and with arktype loaded as the service loads it: bench/echo-server-arktype.ts). RssAnon is reported beside RSS: it is the private memory;
 * the rest is the executable's pages, which the kernel can drop and reload.
 */
export async function b5(indexedDataDir: string, work: string): Promise<Record<string, number | string>> {
  const bin = join(work, "tapserve");
  const bare = join(work, "bare-server");
  const bareShipped = join(work, "bare-server-shipped");
  await compileAsShipped("src/main.ts", bin);
  compilePlain("bench/echo-server.ts", bare);
  await compileAsShipped("bench/echo-server.ts", bareShipped);
  const bareArktype = join(work, "bare-server-arktype");
  await compileAsShipped("bench/echo-server-arktype.ts", bareArktype);
  const bareRss = (await bareIdle(bare)).at3;
  const bareShippedRss = (await bareIdle(bareShipped)).at3;
  const bareArktypeRss = (await bareIdle(bareArktype)).at3;
  const bareHono = join(work, "bare-server-hono-arktype");
  await compileAsShipped("bench/echo-server-hono-arktype.ts", bareHono);
  const bareHonoRss = (await bareIdle(bareHono)).at3;
  const bareHonoServed = await bareIdle(bareHono, { served: true, later: true });
  const bareHonoServedRss = bareHonoServed.at3;
  const port = await freePort();
  const serve = (dataDir: string, env: Record<string, string> = {}) =>
    startChild(bin, ["--data-dir", dataDir, "--port", String(port), "--host", "127.0.0.1"], () => httpOk(`http://127.0.0.1:${port}/health`), env);
  const call = async (method: string, params?: unknown) => {
    const r = await fetch(`http://127.0.0.1:${port}/api`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }) });
    return ((await r.json()) as { result: unknown }).result;
  };
  const idleAfterSearch = async (dataDir: string, later = false, env: Record<string, string> = {}) => {
    const child = await serve(dataDir, env);
    try {
      const found = (await call("media.search", { query: "mario world" })) as { total: number };
      if (!(found.total >= 0)) throw new Error("search failed");
      return await idleSamples(child.pid as number, later);
    } finally {
      await stopChild(child);
    }
  };
  // idle with the 250k index present (restarted, one search served); the same with no index at all. A device
  // restarts the binary it ran before: the first start of a new binary checks the config file and records what it
  // made of it (config.checked.json), which the starts after read; that first start is reported beside.
  const firstStart = (await idleAfterSearch(indexedDataDir)).at3;
  const servedLater = await idleAfterSearch(indexedDataDir, true);
  const served = servedLater.at3;
  const noOptimizingJit = (await idleAfterSearch(indexedDataDir, false, { BUN_JSC_useDFGJIT: "0" })).at3;
  const emptyDir = join(work, "data-empty");
  mkdirSync(emptyDir);
  writeFileSync(join(emptyDir, "config.toml"), readFileSync(join(indexedDataDir, "config.toml")));
  await idleAfterSearch(emptyDir);
  const empty = (await idleAfterSearch(emptyDir)).at3;
  // the same binary right after indexing the 250k tree itself
  let afterIndexing: Rss;
  let settledAfterIndexing: Rss;
  const child = await serve(indexedDataDir);
  try {
    await call("media.index");
    afterIndexing = await idleRss(child.pid as number);
    // the runtime hands the indexing run's memory back once it has been idle a while
    await Bun.sleep(27_000);
    settledAfterIndexing = rssOf(child.pid as number);
  } finally {
    await stopChild(child);
  }
  return {
    "B5 bare Bun server (plain compile) idle RSS / anon, MiB": `${bareRss.total.toFixed(1)} / ${bareRss.anon.toFixed(1)}`,
    "B5 bare Bun server (compiled as shipped) idle RSS, MiB": bareShippedRss.total,
    "B5 bare server + arktype (as shipped) idle RSS / anon, MiB": `${bareArktypeRss.total.toFixed(1)} / ${bareArktypeRss.anon.toFixed(1)}`,
    "B5 ratio bare + arktype / bare": bareArktypeRss.total / bareRss.total,
    "B5 service idle RSS / anon, 250k index, MiB": `${served.total.toFixed(1)} / ${served.anon.toFixed(1)}`,
    "B5 same, first start of a new binary (config checked), MiB": `${firstStart.total.toFixed(1)} / ${firstStart.anon.toFixed(1)}`,
    "B5 service idle RSS, no index, MiB": empty.total,
    "B5 bare server + Hono + arktype (as shipped) idle RSS / anon, MiB": `${bareHonoRss.total.toFixed(1)} / ${bareHonoRss.anon.toFixed(1)}`,
    "B5 the same bare server after answering one request (as the service is measured), MiB": `${bareHonoServedRss.total.toFixed(1)} / ${bareHonoServedRss.anon.toFixed(1)}`,
    "B5 ratio service / bare + Hono + arktype, both after one request (goal <= 1.3)": served.total / bareHonoServedRss.total,
    "B5 ratio service / bare + Hono + arktype never asked": served.total / bareHonoRss.total,
    "B5 25 s after the request (the service quiet 20 s, memory handed back): service / bare, MiB": `${servedLater.at25?.total.toFixed(1)} / ${bareHonoServed.at25?.total.toFixed(1)}`,
    "B5 ratio 25 s after the request": (servedLater.at25?.total ?? Number.NaN) / (bareHonoServed.at25?.total ?? Number.NaN),
    "B5 ratio service / plain bare": served.total / bareRss.total,
    "B5 same, 3 s after indexing 250k in process, MiB": afterIndexing.total,
    "B5 same, 30 s after indexing, MiB": settledAfterIndexing.total,
    "B5 service with the optimizing JIT off (BUN_JSC_useDFGJIT=0), MiB": `${noOptimizingJit.total.toFixed(1)} / ${noOptimizingJit.anon.toFixed(1)}`,
    ...(await b5Parts(join(indexedDataDir, "media.db"), work, served)),
  };
}

/**
 * Where B5's difference lies: the B5 baseline with parts of Bun the service runs added, each used as the service
 * uses it (bench/echo-server-parts.ts: the index in SQLite, a thread started and ended, child processes and
 * files), measured as the baseline is (after one request); against `served`, the service's figure.
 */
async function b5Parts(indexPath: string, work: string, served: Rss): Promise<Record<string, string | number>> {
  const bin = join(work, "bare-server-parts");
  await compileAsShipped("bench/echo-server-parts.ts", bin);
  const idleWith = async (parts: string) => (await bareIdle(bin, { served: true, env: { TAPSERVE_BENCH_PARTS: parts, TAPSERVE_BENCH_INDEX: indexPath } })).at3;
  const none = await idleWith("");
  const shown = (r: Rss) => `${r.total.toFixed(1)} / ${r.anon.toFixed(1)} (${r.total >= none.total ? "+" : ""}${(r.total - none.total).toFixed(1)})`;
  const out: Record<string, string | number> = { "B5 parts: the baseline built with them, none added, RSS / anon, MiB": `${none.total.toFixed(1)} / ${none.anon.toFixed(1)}` };
  for (const [label, parts] of [
    ["the index in SQLite (opened, one search's SQL)", "sqlite"],
    ["a thread started and ended", "thread"],
    ["a child process, files written, a SHA-256", "processes"],
  ]) out[`B5 parts: + ${label}, RSS / anon (change), MiB`] = shown(await idleWith(parts as string));
  const all = await idleWith("sqlite,thread,processes");
  out["B5 parts: + all three, RSS / anon (change), MiB"] = shown(all);
  out["B5 ratio service / the baseline + all three (echo-server-parts; goal <= 1.2)"] = served.total / all.total;
  return out;
}
