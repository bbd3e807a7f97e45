/**
 * B5's breakdown: the bare server of echo-server-hono-arktype.ts (the B5 baseline) with some of the parts the
 * service runs at idle added before it starts, each used the way the service uses it. Env TAPSERVE_BENCH_PARTS,
 * comma-separated; with none it is that bare server:
 * - sqlite: the media index (TAPSERVE_BENCH_INDEX) opened read-only and one search's SQL run on it: the trigram
 *   lookup of two query words, their words' posting lists, a page of media rows;
 * - thread: a Worker started, answering once, and ended, as an index run's thread is;
 * - processes: a child process run to its end, a file written and renamed, a SHA-256: what start-up does (the
 *   platform probe, the config record, the session salts).
 * Usage: echo-server-parts <port> [reply]
 */
const parts = new Set((process.env.TAPSERVE_BENCH_PARTS ?? "").split(",").filter((p) => p !== ""));
const known = ["sqlite", "thread", "processes"];
const unknown = [...parts].filter((p) => !known.includes(p));
if (unknown.length > 0) throw new Error(`TAPSERVE_BENCH_PARTS: unknown ${unknown.join(", ")} (known: ${known.join(", ")})`);
/** What the parts made, held as the service holds its database and results. */
const kept: unknown[] = [];

if (parts.has("sqlite")) {
  const { Database } = await import("bun:sqlite");
  const path = process.env.TAPSERVE_BENCH_INDEX;
  if (!path) throw new Error("TAPSERVE_BENCH_INDEX: the media index to open");
  const db = new Database(path, { readonly: true });
  db.exec("PRAGMA mmap_size = 0");
  const words = db
    .prepare("SELECT id, count FROM words WHERE id IN (SELECT rowid FROM words_fts WHERE words_fts MATCH ?)")
    .all('"mario" OR "world"') as Array<{ id: number; count: number }>;
  const postings = db.prepare("SELECT postings FROM words WHERE id IN (SELECT value FROM json_each(?))").all(JSON.stringify(words.map((w) => w.id)));
  const total = (db.prepare("SELECT max(id) AS n FROM media").get() as { n: number }).n;
  const page = Array.from({ length: 250 }, (_, i) => 1 + ((i * 7919) % total)); // scattered, as a page's matches are
  const rows = db.prepare("SELECT id, file, title, tags FROM media WHERE id IN (SELECT value FROM json_each(?))").all(JSON.stringify(page));
  kept.push(db, words, postings, rows);
}

if (parts.has("thread")) {
  const worker = new Worker(URL.createObjectURL(new Blob(["postMessage('up')"], { type: "application/javascript" })));
  await new Promise((resolve) => (worker.onmessage = resolve));
  worker.terminate();
}

if (parts.has("processes")) {
  const { spawnSync } = await import("node:child_process");
  const { mkdtempSync, renameSync, rmSync, writeFileSync } = await import("node:fs");
  const { createHash } = await import("node:crypto");
  const { tmpdir } = await import("node:os");
  const { join } = await import("node:path");
  spawnSync("true");
  const dir = mkdtempSync(join(tmpdir(), "tapserve-bench-parts-"));
  writeFileSync(join(dir, "record.tmp"), "{}");
  renameSync(join(dir, "record.tmp"), join(dir, "record.json"));
  rmSync(dir, { recursive: true, force: true });
  kept.push(createHash("sha256").update("salt").digest("hex"));
}

(globalThis as { benchPartsKept?: unknown[] }).benchPartsKept = kept;
export {};
await import("./echo-server-hono-arktype.ts");
