import { spawnSync } from "node:child_process";
import { type Dirent, mkdirSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { mediaName } from "../src/core/media/words.ts";
import { systemCatalog } from "../src/core/systems/catalog.ts";
import { bunRuntime } from "../src/runtime/bun/index.ts";
import { writeIndexFile, type WrittenSystem } from "../src/service/media/index-writer.ts";
import { MediaStore } from "../src/service/media/media-store.ts";
import { SplitRun } from "../src/service/media/split-run.ts";
import { mediaMethods } from "../src/api/methods/media.ts";
import type { LaunchService } from "../src/service/launch/launch-service.ts";
import type { MediaService } from "../src/service/media/media-service.ts";
import { Dispatcher } from "../src/api/rpc/dispatcher.ts";
import { nameGenerator, prng } from "../test/fixtures/rom-names.ts";
import { type TreeSystem, writeTree } from "../test/fixtures/rom-tree.ts";
import { DEFAULT_MAX_RESULTS } from "../src/core/wire/media.ts";
import { startService } from "../test/fixtures/service.ts";
import { b5 } from "./idle-memory.ts";
import { freePort, httpOk, median, percentile, ROOT, rpcOverWebSocket, startChild, stopChild, tempDir } from "./lib.ts";

/**
 * Issue 4 media figures, each against a baseline measured in the same run:
 * - B2: `media.index` of 250k files over 60 systems (generated tree) vs a plain recursive walk plus a raw bulk
 *   insert of the same rows (system, path, name) into SQLite. Goal ≤ 1.5× and < 3 s.
 * - B3: `media.search` two-word queries on 500k entries, p50/p99 (goal p99 < 3 ms, issue 41: over WebSocket): the
 *   store's search and the whole method (request text → reply text through the dispatcher) in process, and the
 *   round trip over WebSocket to the service in its own process with a Bun client, after three warm-up passes
 *   (the service in steady state: bench/ws-search-client.ts; that figure also holds both processes' collections
 *   of the ~100 KB replies); baseline a LIKE scan over a plain table of the same names.
 *   The index is written as the service's index run writes it (names parsed in the index thread: titles and
 *   tags not stored, read from the file names of each page), and the queries are sent as the phone app sends
 *   them, without `maxResults`: the default page of 250.
 * - B10: `media.index` again over the unchanged 250k tree (folders skipped by mtime and entry count, the served
 *   index kept) vs the full `media.index` of B2 (whose runs see every folder's mtime moved first). Goal ≤ 0.1×.
 * - B5: idle RSS of the binary as shipped, serving a 250k index, vs a compiled bare Bun server that loads Hono +
 *   arktype as the service does (issue 26: goal ≤ 1.3×), each idle after answering one request (the service a
 *   search, the bare server a JSON-RPC call); the ratios to that bare server never asked and to the plain one beside,
 *   and where the difference lies: that bare server with parts of Bun the service runs (bench/idle-memory.ts).
 * - browse (issue 22): the first page of an empty-query `media.browse` at 500k, roots and system folders, with
 *   the other browse figures (bench/browse.ts). Goal < 10 ms.
 * Generated trees live in /tmp and are removed afterwards. Env TAPSERVE_BENCH_MEDIA=b2,b3 runs only those parts.
 */
const B2_FILES = 250_000;
const B3_ENTRIES = 500_000;
const QUERIES = 1000;

/** 60 systems that have a folder name and a file extension of their own. */
export function benchSystems(): Array<TreeSystem & { id: string }> {
  const out: Array<TreeSystem & { id: string }> = [];
  const used = new Set<string>();
  for (const s of systemCatalog().all) {
    const folder = s.folders.find((f) => !f.startsWith("/"));
    const ext = s.extensions.find((e) => e !== ".zip" && e !== ".7z");
    if (!folder || !ext || used.has(folder.toLowerCase()) || systemCatalog().systemsForFolder(folder).length !== 1) continue;
    used.add(folder.toLowerCase());
    out.push({ id: s.id, folder, ext });
    if (out.length === 60) break;
  }
  return out;
}

function plainWalk(dir: string, out: string[]): void {
  for (const e of readdirSync(dir, { withFileTypes: true }) as Dirent[]) {
    const p = `${dir}/${e.name}`;
    if (e.isDirectory()) plainWalk(p, out);
    else out.push(p);
  }
}

/** Moves the mtime of every folder of the tree, so that an index run reads them all again (a full run). */
let touches = 0;
function touchFolders(dir: string): void {
  const t = Date.now() / 1000 + ++touches;
  const visit = (d: string) => {
    utimesSync(d, t, t);
    for (const e of readdirSync(d, { withFileTypes: true }) as Dirent[]) if (e.isDirectory()) visit(`${d}/${e.name}`);
  };
  visit(dir);
}

function baselineIndex(tree: string, dbPath: string, systems: Array<TreeSystem & { id: string }>): number {
  const t0 = performance.now();
  const rows: Array<[string, string, string]> = [];
  for (const s of systems) {
    const files: string[] = [];
    plainWalk(join(tree, s.folder), files);
    for (const f of files) rows.push([s.id, f, mediaName(f.slice(f.lastIndexOf("/") + 1))]);
  }
  rmSync(dbPath, { force: true });
  const db = bunRuntime.openDatabase(dbPath);
  db.exec("PRAGMA journal_mode = OFF");
  db.exec("PRAGMA synchronous = OFF");
  db.exec("CREATE TABLE media (system TEXT NOT NULL, path TEXT NOT NULL, name TEXT NOT NULL)");
  db.exec("BEGIN");
  const ins = db.prepare("INSERT INTO media (system, path, name) VALUES (?, ?, ?)");
  for (const r of rows) ins.run(...r);
  db.exec("COMMIT");
  db.close();
  return performance.now() - t0;
}

async function b2(tree: string, systems: Array<TreeSystem & { id: string }>, dataDir: string): Promise<Record<string, number | string>> {
  const baseline: number[] = [];
  const ours: number[] = [];
  const svc = await startService({ dataDir, configToml: `[launchers]\nindex_root = ["${tree}"]\n` });
  try {
    const client = await svc.connect();
    plainWalk(tree, []); // warm the page cache for both
    for (let i = 0; i < 3; i++) {
      // each timed run starts from a collected heap: neither pays for the other's garbage (they share this process)
      Bun.gc(true);
      baseline.push(baselineIndex(tree, join(tree, "..", "baseline.db"), systems));
      touchFolders(tree); // every folder changed: a full run, not the unchanged re-index B10 measures
      Bun.gc(true);
      const t0 = performance.now();
      await client.call("media.index");
      ours.push(performance.now() - t0);
    }
    const status = await client.call<{ database: { totalMedia: number } }>("media");
    if (status.database.totalMedia !== B2_FILES) throw new Error(`indexed ${status.database.totalMedia} of ${B2_FILES}`);
  } finally {
    await svc.stop();
    rmSync(join(tree, "..", "baseline.db"), { force: true });
  }
  const b = median(baseline);
  const o = median(ours);
  return {
    "B2 files / systems": `${B2_FILES} / ${systems.length}`,
    "B2 baseline walk + raw insert, ms (median of 3)": b,
    "B2 media.index, ms (median of 3; goal < 3000)": o,
    "B2 ratio index / baseline (goal <= 1.5)": o / b,
  };
}

/** B10: re-indexing the unchanged tree (indexed in `dataDir`) vs a full index of it (`fullMs`, B2's figure). */
async function b10(tree: string, dataDir: string, fullMs: number): Promise<Record<string, number | string>> {
  const svc = await startService({ dataDir, configToml: `[launchers]\nindex_root = ["${tree}"]\n` });
  const again: number[] = [];
  try {
    const client = await svc.connect();
    await client.call("media.index"); // the record of this tree as it is now
    for (let i = 0; i < 3; i++) {
      Bun.gc(true);
      const t0 = performance.now();
      await client.call("media.index");
      again.push(performance.now() - t0);
    }
    const status = await client.call<{ database: { totalMedia: number } }>("media");
    if (status.database.totalMedia !== B2_FILES) throw new Error(`indexed ${status.database.totalMedia} of ${B2_FILES}`);
  } finally {
    await svc.stop();
  }
  const o = median(again);
  return {
    "B10 re-index of the unchanged tree, ms (median of 3)": o,
    "B10 ratio unchanged re-index / full index (goal <= 0.1)": o / fullMs,
  };
}

/** A full index of the tree into `dataDir`, timed (B10's reference when B2 does not run). */
async function fullIndexMs(tree: string, dataDir: string): Promise<number> {
  touchFolders(tree);
  const svc = await startService({ dataDir, configToml: `[launchers]\nindex_root = ["${tree}"]\n` });
  try {
    const client = await svc.connect();
    const t0 = performance.now();
    await client.call("media.index");
    return performance.now() - t0;
  } finally {
    await svc.stop();
  }
}

/** A 500k index written straight from generated names (no files needed), and two-word queries from them. */
async function b3(dataDir: string): Promise<Record<string, number | string>> {
  const systems = benchSystems();
  const next = nameGenerator(3);
  const names: string[] = [];
  const written: WrittenSystem[] = systems.map((s) => ({ scan: { system: s.id, dirs: [{ abs: `/roms/${s.folder}`, rel: s.id }], files: [], fileDirs: [] }, indexedAt: new Date().toISOString() }));
  for (let i = 0; i < B3_ENTRIES; i++) {
    const name = next();
    names.push(name);
    const w = written[i % written.length] as WrittenSystem;
    w.scan.files.push(`${name}${systems[i % systems.length]?.ext}`);
    w.scan.fileDirs.push(0);
  }
  mkdirSync(dataDir, { recursive: true });
  const store = new MediaStore(bunRuntime, dataDir, systemCatalog());
  // as the service's index run writes it where there are threads: the rows written by its second thread, titles
  // and tags left to follow from the file names
  const split = SplitRun.start(bunRuntime, store.buildingPath);
  for (const w of written) {
    split?.writeRows(w.scan, w.indexedAt);
    await split?.hand(w.scan, undefined, async () => {});
  }
  await writeIndexFile(bunRuntime, store.buildingPath, written, async () => {}, {}, false, split);
  store.replaceWith(store.buildingPath);
  const rnd = prng(11);
  const queries: string[] = [];
  for (let i = 0; i < QUERIES; i++) {
    const words = (names[Math.floor(rnd() * names.length)] as string).split(" ").filter((w) => w.length > 1);
    const a = words[Math.floor(rnd() * words.length)] as string;
    const b = words[Math.floor(rnd() * words.length)] as string;
    // half whole words, half inner substrings ("ari orl"), as people type
    queries.push(i % 2 ? `${a} ${b}` : `${a.slice(a.length > 4 ? 1 : 0)} ${b.slice(0, Math.max(2, b.length - 1))}`);
  }
  // baseline: the linear scan a plain table needs (LIKE per word), on the same names
  const scanDb = bunRuntime.openDatabase(join(dataDir, "scan.db"));
  scanDb.exec("PRAGMA journal_mode = OFF");
  scanDb.exec("CREATE TABLE media (id INTEGER PRIMARY KEY, name TEXT NOT NULL)");
  scanDb.exec("BEGIN");
  const ins = scanDb.prepare("INSERT INTO media (name) VALUES (?)");
  for (const n of names) ins.run(n);
  scanDb.exec("COMMIT");
  // From here on only the queries are needed: drop this process's 500k names and collect them now, so that
  // its collector does not run on them while the searches are timed (a service holds no such list).
  names.length = 0;
  written.length = 0;
  Bun.gc(true);
  // steady state: a warm-up pass over the queries first (50 of them for the slow scan baseline)
  const timeAll = async (fn: (q: string) => unknown, warmUp = queries.length) => {
    for (const q of queries.slice(0, warmUp)) await fn(q);
    const lat: number[] = [];
    for (const q of queries) {
      const t = performance.now();
      await fn(q);
      lat.push(performance.now() - t);
    }
    return lat.sort((x, y) => x - y);
  };
  const inProc = await timeAll((q) => store.search(q, [], DEFAULT_MAX_RESULTS));
  const pages = queries.map((q) => store.search(q, [], DEFAULT_MAX_RESULTS));
  const totals = pages.reduce((n, p) => n + p.total, 0);
  const fullPages = pages.filter((p) => p.results.length === DEFAULT_MAX_RESULTS).length;
  // the whole method as the service runs it, without a socket or a client: request text → reply text
  // (parse, params schema, search, 250 items, JSON)
  // the media service's search is the store's behind an empty-query check
  const media = { search: (q: string, systems: readonly string[], max: number) => store.search(q, systems, max) } as unknown as MediaService;
  const dispatcher = new Dispatcher(mediaMethods({ media, launch: {} as LaunchService }));
  const caller = { peer: { remoteAddress: "127.0.0.1", secure: false }, local: true, transport: "ws" as const };
  let rid = 0;
  const viaDispatcher = await timeAll(async (q) => {
    const reply = await dispatcher.handleTextNow(JSON.stringify({ jsonrpc: "2.0", id: ++rid, method: "media.search", params: { query: q } }), caller);
    if (!reply?.includes('"total"')) throw new Error(`media.search failed: ${reply}`);
  });
  const scanQ = scanDb.prepare("SELECT count(*) AS n FROM media WHERE name LIKE ? AND name LIKE ?");
  const scan = await timeAll((q) => {
    const [a, b] = q.split(" ");
    scanQ.get(`%${a}%`, `%${b ?? a}%`);
  }, 50);
  scanDb.close();
  store.close();
  Bun.gc(true);
  // the service in its own process, as on a device: the client's parsing does not share its thread
  writeFileSync(join(dataDir, "config.toml"), "[readers]\nauto_detect = false\n");
  const port = await freePort();
  const child = await startChild(process.execPath, [join(ROOT, "src/main.ts"), "--data-dir", dataDir, "--port", String(port), "--host", "127.0.0.1"], () => httpOk(`http://127.0.0.1:${port}/health`), { TAPSERVE_MDNS: "off" });
  let overWs: number[];
  try {
    const ws = await rpcOverWebSocket(port);
    const first = JSON.parse(await ws.call("media.search", { query: queries[0] as string })) as { result?: { results: unknown[] } };
    ws.close();
    if (first.result?.results.length !== (pages[0]?.results.length ?? -1)) throw new Error(`media.search over WebSocket: ${JSON.stringify(first).slice(0, 200)}`);
    // the timed client in a process of its own: this one holds what building the index left (bench/ws-search-client.ts)
    const queriesFile = join(dataDir, "queries.json");
    writeFileSync(queriesFile, JSON.stringify(queries));
    const client = spawnSync(process.execPath, [join(ROOT, "bench/ws-search-client.ts"), String(port), queriesFile], { encoding: "utf8", maxBuffer: 1 << 24 });
    if (client.status !== 0) throw new Error(`the search client failed: ${client.stderr}`);
    overWs = JSON.parse(client.stdout) as number[];
  } finally {
    await stopChild(child);
  }
  return {
    "B3 entries / queries": `${B3_ENTRIES} / ${QUERIES} (mean total ${Math.round(totals / QUERIES)} hits; ${fullPages} full pages of ${DEFAULT_MAX_RESULTS})`,
    "B3 linear LIKE scan baseline p50, ms": percentile(scan, 50),
    "B3 search in process p50, ms": percentile(inProc, 50),
    "B3 search in process p99, ms": percentile(inProc, 99),
    "B3 media.search request → reply text in process p50, ms": percentile(viaDispatcher, 50),
    "B3 media.search request → reply text in process p99, ms": percentile(viaDispatcher, 99),
    "B3 media.search over WebSocket p50, ms": percentile(overWs, 50),
    "B3 media.search over WebSocket p99 (a Bun client in its own process), ms (goal < 3)": percentile(overWs, 99),
    "B3 speed-up p50 vs linear scan": percentile(scan, 50) / percentile(inProc, 50),
  };
}

const PARTS = ["b2", "b10", "b3", "b5", "browse"];

/** The parts to run: env TAPSERVE_BENCH_MEDIA (e.g. "b2,b3"), all of them when unset. */
function benchParts(): Set<string> {
  const env = process.env.TAPSERVE_BENCH_MEDIA?.trim();
  if (!env) return new Set(PARTS);
  const parts = new Set(env.split(",").map((p) => p.trim().toLowerCase()).filter((p) => p !== ""));
  const unknown = [...parts].filter((p) => !PARTS.includes(p));
  if (unknown.length) throw new Error(`TAPSERVE_BENCH_MEDIA: unknown part ${unknown.join(", ")} (known: ${PARTS.join(", ")})`);
  return parts;
}

/** Indexes the tree once into `dataDir` (what B2 otherwise leaves there). */
async function indexOnce(tree: string, dataDir: string): Promise<void> {
  const svc = await startService({ dataDir, configToml: `[launchers]\nindex_root = ["${tree}"]\n` });
  try {
    const client = await svc.connect();
    await client.call("media.index");
  } finally {
    await svc.stop();
  }
}

export async function run(): Promise<Record<string, number | string>> {
  const work = tempDir("tapserve-bench-media-");
  try {
    const tree = join(work, "roms");
    const systems = benchSystems();
    mkdirSync(tree);
    const parts = benchParts();
    if (["b2", "b10", "b5"].some((p) => parts.has(p))) {
      writeTree(tree, systems, B2_FILES);
      // the 250k new files written back before any timing: else their writeback (and the journal commit an
      // fsync then waits for) lands in whichever timed run it meets
      spawnSync("sync");
    }
    const dataDir = join(work, "data");
    mkdirSync(dataDir);
    writeFileSync(join(dataDir, "config.toml"), `[launchers]\nindex_root = ["${tree}"]\n`);
    const out: Record<string, number | string> = {};
    if (parts.has("b2")) Object.assign(out, await b2(tree, systems, dataDir));
    else if (parts.has("b5")) await indexOnce(tree, dataDir); // B5 serves the index B2 leaves behind
    if (parts.has("b10")) {
      const full = typeof out["B2 media.index, ms (median of 3; goal < 3000)"] === "number" ? (out["B2 media.index, ms (median of 3; goal < 3000)"] as number) : await fullIndexMs(tree, dataDir);
      Object.assign(out, await b10(tree, dataDir, full));
    }
    if (parts.has("b3")) Object.assign(out, await b3(join(work, "data500k")));
    if (parts.has("b5")) Object.assign(out, await b5(dataDir, work));
    if (parts.has("browse")) Object.assign(out, await (await import("./browse.ts")).run());
    return out;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const figures = await run();
  for (const [k, v] of Object.entries(figures)) process.stdout.write(`  ${k.padEnd(56)} ${typeof v === "number" ? Number(v.toFixed(3)) : v}\n`);
}
