import { closeSync, fsyncSync, openSync, renameSync, rmSync } from "node:fs";
import { removeDatabase } from "../../db/open.ts";
import type { Runtime, SqlDatabase } from "../../runtime/types.ts";
import { fileTitle } from "../../core/media/filename-tags.ts";
import { indexTagsOfFile } from "../../core/media/index-tags.ts";
import { systemCatalog } from "../../core/systems/catalog.ts";
import { isVirtualPath } from "../../core/media/words.ts";
import { type DerivedLists, type EncodedLists, lowerHalf, type SystemRange } from "../../core/media/derived-index.ts";
import { joinHalves, type KeyedIds, sortedIds } from "../../core/media/title-order-halves.ts";
import { titleRanks } from "../../core/media/title-order.ts";
import { DerivedIndexJob } from "./index-thread.ts";
import { BatchInsert } from "./batch-insert.ts";
import { openBuildingFile } from "./building-file.ts";
import type { ClaimedSplit, SplitRun } from "./split-run.ts";
import { titleOrderFromRows } from "./title-order-rows.ts";
import type { SystemScan } from "./walker.ts";
import { writeFolderRecords } from "./folder-records.ts";
import { encodeTitleSamples, sampleTitleKeys, TITLE_SAMPLES_KEY } from "./title-samples.ts";

/** The tags column of a media row; names of a set share a few hundred tag arrays (see index-tags.ts). */
const tagTexts = new Map<readonly string[], string>();
function tagText(tags: readonly string[]): string {
  let text = tagTexts.get(tags);
  if (text === undefined) {
    text = tags.join(" ");
    if (tagTexts.size >= 8192) tagTexts.clear();
    tagTexts.set(tags, text);
  }
  return text;
}

export interface WrittenSystem {
  scan: SystemScan;
  /** RFC 3339 time this system's files were collected. */
  indexedAt: string;
  /** The platform's title for a file of this system (MiSTer: an MRA's arcade name); undefined: from the file name. */
  titleOf?: ((dir: string, file: string) => string | undefined) | undefined;
}

const TICK_ROWS = 8192;
/**
 * Writes a complete media index into a new file at `path` (replacing any leftover there): systems in the given
 * order, their media with contiguous ids, and the word lists the search uses. The file is only complete once
 * this resolves; the caller then swaps it in. Nothing here touches the index being served.
 */
export async function writeIndexFile(
  runtime: Runtime,
  path: string,
  systems: WrittenSystem[],
  tick: () => Promise<void>,
  meta: Readonly<Record<string, string>> = {},
  /** Each entry of `systems` is dropped once its rows are written (its file names freed as the write goes). */
  consume = false,
  /** A full run split with a thread that walked these systems and wrote their rows: finished here (else ended). */
  split?: SplitRun | null,
): Promise<number> {
  const claimed = (await split?.claim(systems.map((w) => w.scan))) ?? null;
  if (claimed) return finishSplitFile(runtime, path, rangesOf(systems.map((w) => w.scan)), claimed, tick, meta);
  removeDatabase(path);
  // the words, tags and title order are built beside the media rows, in a thread where there are threads
  const derived = DerivedIndexJob.start(runtime);
  const db = openBuildingFile(runtime, path);
  try {
    const insSystem = db.prepare("INSERT INTO systems (id, system, first_id, last_id, count, indexed_at) VALUES (?, ?, ?, ?, ?, ?)");
    const insDir = new BatchInsert(db, "dirs", ["id", "abs", "rel"]);
    // no id column: a fresh table numbers its rows 1, 2, 3 … as inserted, which is the ids the ranges give (one
    // value fewer to bind per file; checked after the last row)
    const insMedia = new BatchInsert(db, "media", ["dir", "file", "title", "tags"]);
    /** The rows whose title and tags follow from their file names (NULL columns): two values to bind, not four. */
    const insNamed = new BatchInsert(db, "media", ["dir", "file"]);
    let nextDir = 1;
    let sinceTick = 0;
    const ranges = rangesOf(systems.map((w) => w.scan));
    /** Media rows in all: the last id of the ranges. */
    const total = ranges.at(-1)?.last ?? 0;
    let withFiles = 0;
    for (let s = 0; s < systems.length; s++) {
      const { scan, indexedAt, titleOf } = systems[s] as WrittenSystem;
      if (consume) (systems as Array<WrittenSystem | undefined>)[s] = undefined;
      writeFolderRecords(db, scan);
      if (scan.files.length === 0) continue;
      const range = ranges[withFiles] as SystemRange;
      const dirBase = nextDir;
      for (const d of scan.dirs) insDir.add(nextDir++, d.abs, d.rel);
      withFiles++;
      /** Per folder: a store game's virtual folder, whose names are taken whole. */
      const wholeDir = scan.dirs.map((d) => isVirtualPath(d.abs));
      /** How the reference reads this system's file names for tags (Game for consoles and computers). */
      const mediaType = systemCatalog().mediaTypeOf(scan.system);
      for (let i = 0; i < scan.files.length; i++) {
        const file = scan.files[i] as string;
        const whole = wholeDir[scan.fileDirs[i] as number] === true;
        const parsedTitle = fileTitle(file, whole);
        const named = titleOf?.(scan.dirs[scan.fileDirs[i] as number]?.abs ?? "", file);
        const fileTags = indexTagsOfFile(file, whole, mediaType);
        derived.add(file, whole, parsedTitle, named, fileTags);
        insMedia.add(dirBase + (scan.fileDirs[i] as number), file, named ?? parsedTitle, tagText(fileTags));
        if (++sinceTick >= TICK_ROWS) {
          sinceTick = 0;
          await tick();
        }
      }
      insSystem.run(range.row, scan.system, range.first, range.last, scan.files.length, indexedAt);
    }
    insMedia.flush();
    insDir.flush();
    const lastRow = db.prepare("SELECT max(id) AS id FROM media").get<{ id: number | null }>()?.id ?? 0;
    if (lastRow !== total) throw new Error(`media rows numbered up to ${lastRow}, expected ${total}`);
    // built in this thread (no threads: Node on MiSTer), the lists would be made beside the walk's file names,
    // garbage by now (each system's let go once its rows were written): collected first, the heap does not grow
    // to hold both (the peak of a run there)
    if (derived.buildsHere) runtime.releaseMemory?.();
    let lists: Promise<DerivedLists> | null = derived.finish(ranges);
    let built: DerivedLists | null = await lists;
    lists = null; // (its promise would hold them through the title order)
    await tick();
    await writeLists(db, built, tick);
    // else the title order's lower half here, the upper in the thread, each once the lists are stored and let go
    // (only the keys are held through the sorts); without a thread, from the rows just written, a half at a time
    let order: Uint8Array;
    if (built.titleOrderLeft) {
      built = null;
      order = titleOrderFromRows(db, total);
    } else {
      let lowerKeys: KeyedIds | null = lowerHalf(built);
      const lean = built.lower !== undefined;
      built = null;
      const lower = sortedIds(lowerKeys, lean);
      lowerKeys = null; // nor the lower keys through the upper half's sort
      order = joinHalves(lower, await derived.upperOrder());
    }
    await completeFile(db, path, order, null, meta, tick);
    return total;
  } catch (err) {
    try {
      db.close();
    } catch {}
    rmSync(path, { force: true });
    throw err;
  } finally {
    derived.end();
  }
}

/**
 * Finishes the file a split run's thread wrote every media row of (split-run.ts): the word and tag lists built from
 * the names parsed here, stored while the thread sorts the title order, then the order and the meta.
 */
async function finishSplitFile(
  runtime: Runtime,
  path: string,
  ranges: SystemRange[],
  claimed: ClaimedSplit,
  tick: () => Promise<void>,
  meta: Readonly<Record<string, string>>,
): Promise<number> {
  const total = ranges.at(-1)?.last ?? 0;
  let db: SqlDatabase | null = null;
  try {
    let built: DerivedLists | null = claimed.lists(ranges);
    const written = await claimed.rows;
    if (written !== total) throw new Error(`media rows numbered up to ${written}, expected ${total}`);
    removeDatabase(path);
    renameSync(claimed.file, path);
    db = openBuildingFile(runtime, path);
    await writeLists(db, built, tick);
    built = null;
    // the lower half of the title order sorted here, while the thread sorts the upper
    const samples: string[] = [];
    let lower: KeyedIds | null = await claimed.lower;
    const lowerIds = sortedIds(lower, false, { at: 0, keys: samples });
    lower = null;
    const upper = await claimed.upper;
    samples.push(...upper.samples);
    await completeFile(db, path, joinHalves(lowerIds, upper.ids), samples, meta, tick);
    return total;
  } catch (err) {
    try {
      db?.close();
    } catch {}
    rmSync(path, { force: true });
    throw err;
  } finally {
    claimed.end();
  }
}

/**
 * Stores the title order (`samples`: its sample keys, else read from the rows), the meta and the time the file
 * was completed, commits, closes and syncs the file.
 */
async function completeFile(db: SqlDatabase, path: string, order: Uint8Array, samples: string[] | null, meta: Readonly<Record<string, string>>, tick: () => Promise<void>): Promise<void> {
  const ids = new Int32Array(order.buffer, order.byteOffset, order.byteLength >>> 2);
  db.prepare("INSERT INTO title_order (id, ids, ranks) VALUES (1, ?, ?)").run(order, new Uint8Array(titleRanks(ids).buffer));
  await tick();
  const insMeta = db.prepare("INSERT INTO meta (key, value) VALUES (?, ?)");
  for (const [k, v] of Object.entries(meta)) insMeta.run(k, v);
  insMeta.run(TITLE_SAMPLES_KEY, encodeTitleSamples(samples ?? sampleTitleKeys(db, ids)));
  insMeta.run("complete", new Date().toISOString());
  db.exec("COMMIT");
  db.close();
  const fd = openSync(path, "r");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** The row and media id range of each system with files, in order: the ids follow one another from 1. */
function rangesOf(scans: readonly SystemScan[]): SystemRange[] {
  const out: SystemRange[] = [];
  let next = 1;
  for (const scan of scans) {
    if (scan.files.length === 0) continue;
    out.push({ row: out.length + 1, first: next, last: next + scan.files.length - 1 });
    next += scan.files.length;
  }
  return out;
}

/** Stores the word and tag lists, and fills the trigram index of the words. */
async function writeLists(db: SqlDatabase, built: DerivedLists, tick: () => Promise<void>): Promise<void> {
  const insWord = new BatchInsert(db, "words", ["id", "word", "count", "postings"]);
  const wordCount = built.words.counts.length;
  const words = listRows(built.words);
  for (let w = 0; w < wordCount; w++) {
    const [word, count, postings] = words(w);
    insWord.add(w + 1, word, count, postings);
    if ((w + 1) % TICK_ROWS === 0) await tick();
  }
  insWord.flush(); // before the trigram index reads the words back
  const insTag = db.prepare("INSERT INTO tags (id, tag, count, postings) VALUES (?, ?, ?, ?)");
  const insSystemTag = db.prepare("INSERT INTO system_tags (system, tag) VALUES (?, ?)");
  const tagRows = listRows(built.tags);
  for (let t = 0; t < built.tags.counts.length; t++) {
    insTag.run(t + 1, ...tagRows(t));
    for (let r = built.tagSystemEnds[t - 1] ?? 0; r < (built.tagSystemEnds[t] as number); r++) insSystemTag.run(built.tagSystems[r] as number, t + 1);
  }
  await tick();
  // the trigram index filled by SQLite from the words table, TICK_ROWS words per statement (while the thread
  // sorts the upper half of the title order)
  const insWordsFts = db.prepare("INSERT INTO words_fts (rowid, word) SELECT id, word FROM words WHERE id BETWEEN ? AND ?");
  for (let from = 1; from <= wordCount; from += TICK_ROWS) {
    insWordsFts.run(from, Math.min(wordCount, from + TICK_ROWS - 1));
    await tick();
  }
}

/** Row i of encoded lists: its name, count and postings. */
function listRows(lists: EncodedLists): (i: number) => [string, number, Uint8Array] {
  const names = lists.counts.length > 0 ? lists.names.split("\0") : [];
  return (i) => [names[i] as string, lists.counts[i] as number, lists.blob.subarray(lists.ends[i - 1] ?? 0, lists.ends[i])];
}
