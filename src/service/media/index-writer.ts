import { closeSync, fsyncSync, openSync, rmSync } from "node:fs";
import { mediaMigrations } from "../../db/migrations/media.ts";
import { openDatabase } from "../../db/open.ts";
import type { Runtime, SqlDatabase, SqlStatement, SqlValue } from "../../runtime/types.ts";
import { mediaTitle } from "../../core/media/filename-tags.ts";
import { indexTagsOfFile } from "../../core/media/index-tags.ts";
import { systemCatalog } from "../../core/systems/catalog.ts";
import { isVirtualPath, mediaName } from "../../core/media/words.ts";
import { type DerivedLists, type EncodedLists, lowerHalf, type SystemRange } from "../../core/media/derived-index.ts";
import { joinHalves, type KeyedIds, KeyHalves, sortedIds } from "../../core/media/title-order-halves.ts";
import { titleRanks } from "../../core/media/title-order.ts";
import { DerivedIndexJob } from "./index-thread.ts";
import type { ParseAhead, PlatformTitles } from "./parse-ahead.ts";
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
/** Media rows per INSERT statement: one statement step per batch instead of one per file. */
const BATCH_ROWS = 64;

/** Inserts rows of two to four columns into `table`, BATCH_ROWS rows per statement; `flush()` writes the rest. */
class BatchInsert {
  private readonly many: SqlStatement;
  private readonly one: SqlStatement;
  /** The batch being filled, in place (no array per row: 250k rows a run). */
  private readonly values: SqlValue[];
  private filled = 0;
  private readonly width: number;

  constructor(db: SqlDatabase, table: string, columns: readonly [string, string, string?, string?]) {
    this.width = columns.length;
    const head = `INSERT INTO ${table} (${columns.join(", ")}) VALUES `;
    const row = `(${columns.map(() => "?").join(", ")})`;
    this.many = db.prepare(head + Array(BATCH_ROWS).fill(row).join(", "));
    this.one = db.prepare(head + row);
    this.values = new Array<SqlValue>(BATCH_ROWS * this.width);
  }

  /** Adds a row: its values in the columns' order (`c` and `d` only with as many columns). */
  add(a: SqlValue, b: SqlValue, c: SqlValue = null, d: SqlValue = null): void {
    const v = this.values;
    let n = this.filled;
    v[n++] = a;
    v[n++] = b;
    if (this.width > 2) v[n++] = c;
    if (this.width === 4) v[n++] = d;
    if (n === v.length) {
      this.many.run(...v);
      n = 0;
    }
    this.filled = n;
  }

  flush(): void {
    for (let i = 0; i < this.filled; i += this.width) this.one.run(...this.values.slice(i, i + this.width));
    this.filled = 0;
  }
}

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
  /** The run's names parsed while it walked: used when it parsed these systems (else ended). */
  ahead?: ParseAhead | null,
): Promise<number> {
  for (const suffix of ["", "-journal", "-wal", "-shm"]) rmSync(path + suffix, { force: true });
  // the words, tags and title order are built beside the media rows, in a thread where there are threads
  const claimed = ahead?.claim(systems.map((w) => w.scan)) ?? null;
  const derived = claimed?.job ?? DerivedIndexJob.start(runtime);
  const db = openDatabase(runtime, path, { durability: "normal", journal: "delete", migrations: mediaMigrations });
  try {
    // A half-written file is thrown away, never read: no journal, no syncs until the end.
    db.exec("PRAGMA journal_mode = OFF");
    db.exec("PRAGMA synchronous = OFF");
    db.exec("PRAGMA cache_size = -2048");
    db.exec("BEGIN");
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
    // a parse ahead's thread hands back each system's title keys; the title order is sorted here from them once
    // the rows are written and the last system is parsed, while the thread builds the lists. (Sorting the keys in
    // by then earlier, beside the parse, was slower: on two cores it took the thread's core from it.)
    const keyHalves = claimed ? new KeyHalves() : null;
    for (let s = 0; s < systems.length; s++) {
      const { scan, indexedAt, titleOf } = systems[s] as WrittenSystem;
      if (consume) (systems as Array<WrittenSystem | undefined>)[s] = undefined;
      writeFolderRecords(db, scan);
      if (scan.files.length === 0) continue;
      const range = ranges[withFiles] as SystemRange;
      const dirBase = nextDir;
      for (const d of scan.dirs) insDir.add(nextDir++, d.abs, d.rel);
      /** A parse ahead's: the platform's titles of this system's files (asked for once, when it was handed). */
      const platformTitles = claimed ? (claimed.named[withFiles] as PlatformTitles) : null;
      let nextTitled = 0;
      withFiles++;
      /** Per folder: a store game's virtual folder, whose names are taken whole. */
      const wholeDir = scan.dirs.map((d) => isVirtualPath(d.abs));
      /** How the reference reads this system's file names for tags (Game for consoles and computers). */
      const mediaType = systemCatalog().byIdExact(scan.system)?.mediaType ?? "Game";
      if (platformTitles && platformTitles.at.length === 0 && !wholeDir.includes(true)) {
        // parsed while the run walked, and nothing to store beyond the file names: the rows follow the other
        // statement's (ids are given in the order rows are inserted)
        insMedia.flush();
        for (let i = 0; i < scan.files.length; i++) {
          insNamed.add(dirBase + (scan.fileDirs[i] as number), scan.files[i] as string);
          if (++sinceTick >= TICK_ROWS) {
            sinceTick = 0;
            await tick();
          }
        }
        insSystem.run(range.row, scan.system, range.first, range.last, scan.files.length, indexedAt);
        continue;
      }
      insNamed.flush();
      for (let i = 0; i < scan.files.length; i++) {
        const file = scan.files[i] as string;
        let title: string | null;
        let tags: string | null;
        if (platformTitles) {
          // parsed while the run walked, for the derived tables; stored only where they do not follow from the
          // file name (core/media/row-names.ts): a platform's title, a name taken whole
          const dir = scan.fileDirs[i] as number;
          title = platformTitles.at[nextTitled] === i ? (platformTitles.titles[nextTitled++] as string) : null;
          tags = null;
          if (wholeDir[dir] === true) {
            title ??= mediaTitle(mediaName(file, true));
            tags = tagText(indexTagsOfFile(file, true, mediaType));
          }
        } else {
          const whole = wholeDir[scan.fileDirs[i] as number] === true;
          const parsedTitle = mediaTitle(mediaName(file, whole));
          const named = titleOf?.(scan.dirs[scan.fileDirs[i] as number]?.abs ?? "", file);
          const fileTags = indexTagsOfFile(file, whole, mediaType);
          title = named ?? parsedTitle;
          tags = tagText(fileTags);
          derived.add(file, whole, parsedTitle, named, fileTags);
        }
        insMedia.add(dirBase + (scan.fileDirs[i] as number), file, title, tags);
        if (++sinceTick >= TICK_ROWS) {
          sinceTick = 0;
          await tick();
        }
      }
      insSystem.run(range.row, scan.system, range.first, range.last, scan.files.length, indexedAt);
    }
    insMedia.flush();
    insNamed.flush();
    insDir.flush();
    // a parse ahead's names the thread has not been given yet are parsed here (the last half at a time) while
    // it parses on; then the title keys it handed back (most are in by now)
    let lists: Promise<DerivedLists> | null = null;
    if (claimed && keyHalves) {
      await claimed.help(tick);
      lists = derived.finish(ranges);
      for (const parsed of claimed.parsed) keyHalves.add((await parsed).keys);
    }
    const lastRow = db.prepare("SELECT max(id) AS id FROM media").get<{ id: number | null }>()?.id ?? 0;
    if (lastRow !== total) throw new Error(`media rows numbered up to ${lastRow}, expected ${total}`);
    // built in this thread (no threads: Node on MiSTer), the lists would be made beside the walk's file names,
    // garbage by now (each system's let go once its rows were written): collected first, the heap does not grow
    // to hold both (the peak of a run there)
    if (!lists && derived.buildsHere) runtime.releaseMemory?.();
    lists ??= derived.finish(ranges);
    // the keys made here are sorted while the thread encodes the lists (a parse ahead's: done by now, or nearly)
    const sorted = keyHalves ? await sortedHalves(keyHalves, tick) : null;
    let built: DerivedLists | null = await lists;
    lists = null; // (its promise would hold them through the title order)
    await tick();
    await writeLists(db, built, tick);
    // else the title order's lower half here, the upper in the thread, each once the lists are stored and let go
    // (only the keys are held through the sorts); without a thread, from the rows just written, a half at a time
    let order: Uint8Array;
    if (sorted) {
      built = null;
      order = sorted.order;
    } else if (built.titleOrderLeft) {
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
    const ids = new Int32Array(order.buffer, order.byteOffset, order.byteLength >>> 2);
    db.prepare("INSERT INTO title_order (id, ids, ranks) VALUES (1, ?, ?)").run(order, new Uint8Array(titleRanks(ids).buffer));
    await tick();
    const insMeta = db.prepare("INSERT INTO meta (key, value) VALUES (?, ?)");
    for (const [k, v] of Object.entries(meta)) insMeta.run(k, v);
    insMeta.run(TITLE_SAMPLES_KEY, encodeTitleSamples(sorted?.samples ?? sampleTitleKeys(db, ids)));
    insMeta.run("complete", new Date().toISOString());
    db.exec("COMMIT");
    db.close();
    const fd = openSync(path, "r");
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
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

/** The title order blob from the keys of every row, one half sorted at a time, and its sample keys. */
async function sortedHalves(keys: KeyHalves, tick: () => Promise<void>): Promise<{ order: Uint8Array; samples: string[] }> {
  const halves: Array<KeyedIds | null> = keys.halves();
  const samples: string[] = [];
  const lower = sortedIds(halves[0] as KeyedIds, false, { at: 0, keys: samples });
  halves[0] = null; // nor the lower keys through the upper half's sort
  await tick();
  return { order: joinHalves(lower, sortedIds(halves[1] as KeyedIds, false, { at: lower.length, keys: samples })), samples };
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
