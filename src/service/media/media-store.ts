import { existsSync, renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import { BitsetCache } from "../../core/media/bitset-cache.ts";
import { type ListedWord, WordList } from "../../core/media/word-list.ts";
import { andBits, bitsetWords, collectBits, countBits, orBits, orPostings } from "../../core/media/postings.ts";
import { ftsLiteral, mediaNameOfPath, queryWords, TRIGRAM_MIN } from "../../core/media/words.ts";
import type { MediaItem, SystemInfo } from "../../core/media-types.ts";
import { type SystemCatalog, systemInfo } from "../../core/systems/catalog.ts";
import { mediaMigrations } from "../../db/migrations/media.ts";
import { openDatabase } from "../../db/open.ts";
import { log } from "../../log.ts";
import type { Runtime, SqlDatabase } from "../../runtime/types.ts";
import type { WrittenSystem } from "./index-writer.ts";
import type { SystemScan } from "./walker.ts";

/** Items carry no tags yet: one frozen empty list shared by every result instead of one per item. */
const NO_TAGS: readonly string[] = Object.freeze([]);

/**
 * Bitsets of common words and of query words matching many media (at least one in 32, where a bitset is no
 * larger than the list of ids) stay in memory, least recently used dropped first, up to this many bytes in all.
 */
export const BITSET_CACHE_BYTES = 4 * 1024 * 1024;
/** Most of the index file that is read through a memory map (a 250k index is about 12 MB). */
const MMAP_BYTES = 256 * 1024 * 1024;
/** Short query words are looked up in an in-memory list of the index words when their text is at most this long. */
const WORD_LIST_MAX_CHARS = 1_000_000;
const logger = log.withTag("media");

/** Memory bounds of a store (tests set small ones to exercise the fallbacks). */
export interface MediaStoreLimits {
  /** Bytes of cached bitsets (BITSET_CACHE_BYTES). */
  cacheBytes?: number;
  /** Characters of index words kept in memory for short query words (WORD_LIST_MAX_CHARS); beyond, SQL. */
  wordListChars?: number;
}

/** One indexed system as the index file records it. */
export interface IndexedSystem {
  row: number;
  id: string;
  first: number;
  last: number;
  count: number;
  indexedAt: string;
}

interface WordRow {
  id: number;
  count: number;
}

/**
 * The media index being served: `<dataDir>/media.db`, opened read-mostly. A new index is written beside it
 * (`media.db.building`) and swapped in whole by `replaceWith`, so searches always see a complete index.
 */
export class MediaStore {
  readonly path: string;
  readonly buildingPath: string;
  private db: SqlDatabase | null = null;
  private systems: IndexedSystem[] = [];
  private bySystem = new Map<string, IndexedSystem>();
  private infos: SystemInfo[] = [];
  private completeAt = "";
  /** Two bitsets over the media ids, reused by every search: the result so far and one word's matches. */
  private scratch: [Int32Array, Int32Array] | null = null;
  private readonly cache: BitsetCache;
  /** The index words for short query words: loaded at the first one; null when too many for memory. */
  private wordList: WordList | null | undefined;

  constructor(
    private readonly runtime: Runtime,
    dataDir: string,
    private readonly catalog: SystemCatalog,
    private readonly limits: MediaStoreLimits = {},
  ) {
    this.cache = new BitsetCache(limits.cacheBytes ?? BITSET_CACHE_BYTES);
    this.path = join(dataDir, "media.db");
    this.buildingPath = join(dataDir, "media.db.building");
  }

  /** Opens the index if there is one; removes what an interrupted run left behind. */
  open(): void {
    for (const suffix of ["", "-journal", "-wal", "-shm"]) rmSync(this.buildingPath + suffix, { force: true });
    if (!existsSync(this.path)) return;
    try {
      const db = openDatabase(this.runtime, this.path, { durability: "normal", journal: "delete", migrations: mediaMigrations });
      const complete = db.prepare("SELECT value FROM meta WHERE key = 'complete'").get<{ value: string }>();
      if (!complete) {
        db.close();
        throw new Error("the file is not a complete index");
      }
      // Searches read scattered media rows: mapped, a page is read without a system call (pages stay the
      // kernel's, shared and reclaimable, not the heap's).
      db.exec(`PRAGMA mmap_size = ${MMAP_BYTES}`);
      this.db = db;
      this.completeAt = complete.value;
      this.systems = db
        .prepare("SELECT id AS row, system AS id, first_id AS first, last_id AS last, count, indexed_at AS indexedAt FROM systems ORDER BY first_id")
        .all<IndexedSystem>();
      this.bySystem = new Map(this.systems.map((s) => [s.id, s]));
      this.infos = this.systems.map((s) => this.info(s.id)); // one per system, shared by its items
    } catch (err) {
      logger.warn(`media index ${this.path} cannot be used (${(err as Error).message}); index again to rebuild it`);
      this.db = null;
      this.systems = [];
      this.bySystem = new Map();
      this.infos = [];
    }
  }

  close(): void {
    this.db?.close();
    this.db = null;
    this.cache.clear(); // word ids belong to the file just closed
    this.wordList = undefined;
    this.scratch = null;
  }

  get exists(): boolean {
    return this.db !== null;
  }

  get totalMedia(): number {
    return this.systems.reduce((n, s) => n + s.count, 0);
  }

  /** When the served index was completed (RFC 3339), or "" without one. */
  get lastIndexed(): string {
    return this.db ? this.completeAt : "";
  }

  indexedSystems(): readonly IndexedSystem[] {
    return this.systems;
  }

  /** Swaps a completely written index file in place of the served one. */
  replaceWith(builtPath: string): void {
    this.close();
    rmSync(`${this.path}-journal`, { force: true });
    rmSync(`${this.path}-wal`, { force: true });
    rmSync(`${this.path}-shm`, { force: true });
    renameSync(builtPath, this.path);
    this.open();
  }

  /** The served rows of the given systems, to carry them into a new index unchanged. */
  readSystems(ids: readonly string[]): WrittenSystem[] {
    const db = this.db;
    if (!db) return [];
    const out: WrittenSystem[] = [];
    const rows = db.prepare("SELECT m.dir AS dir, m.file AS file, d.abs AS abs, d.rel AS rel FROM media m JOIN dirs d ON d.id = m.dir WHERE m.id BETWEEN ? AND ? ORDER BY m.id");
    for (const id of ids) {
      const s = this.bySystem.get(id);
      if (!s) continue;
      const scan: SystemScan = { system: s.id, dirs: [], files: [], fileDirs: [] };
      const dirIndex = new Map<number, number>();
      for (const r of rows.all<{ dir: number; file: string; abs: string; rel: string }>(s.first, s.last)) {
        let d = dirIndex.get(r.dir);
        if (d === undefined) {
          d = scan.dirs.push({ abs: r.abs, rel: r.rel }) - 1;
          dirIndex.set(r.dir, d);
        }
        scan.files.push(r.file);
        scan.fileDirs.push(d);
      }
      out.push({ scan, indexedAt: s.indexedAt });
    }
    return out;
  }

  /** Id ranges of the requested systems (all when empty); unknown ids select nothing. */
  private rangesOf(systems: readonly string[]): Array<[number, number]> {
    const chosen = systems.length === 0 ? this.systems : [...new Set(systems)].flatMap((id) => this.bySystem.get(id) ?? []);
    return chosen.map((s) => [s.first, s.last]);
  }

  /** Index words containing `word` (ids and how many media hold each). */
  private wordsContaining(db: SqlDatabase, word: string): WordRow[] {
    if (word.length >= TRIGRAM_MIN) {
      return db.prepare("SELECT w.id AS id, w.count AS count FROM words w WHERE w.id IN (SELECT rowid FROM words_fts WHERE words_fts MATCH ?)").all<WordRow>(ftsLiteral(word));
    }
    // shorter than a trigram: a pass over the distinct words (not over the media), in memory when they fit
    if (this.wordList === undefined) {
      const max = this.limits.wordListChars ?? WORD_LIST_MAX_CHARS;
      this.wordList = WordList.build(db.prepare("SELECT id, word, count FROM words ORDER BY id").all<ListedWord>(), max) ?? null;
    }
    return this.wordList?.containing(word) ?? db.prepare("SELECT id, count FROM words WHERE instr(word, ?) > 0").all<WordRow>(word);
  }

  /** Whether a set of `weight` media is worth a cached bitset (one in 32 media: no larger than its ids). */
  private common(weight: number): boolean {
    return weight * 32 >= this.totalMedia;
  }

  private encoded(db: SqlDatabase, wordId: number): Uint8Array {
    return db.prepare("SELECT postings FROM words WHERE id = ?").get<{ postings: Uint8Array }>(wordId)?.postings ?? new Uint8Array(0);
  }

  /** The bitset of one index word when it is common (cached), else undefined. */
  private commonWordBits(db: SqlDatabase, row: WordRow, size: number): Int32Array | undefined {
    if (!this.common(row.count)) return undefined;
    let bits = this.cache.get(row.id);
    if (!bits) {
      bits = new Int32Array(size);
      orPostings(this.encoded(db, row.id), row.count, bits);
      this.cache.set(row.id, bits);
    }
    return bits;
  }

  /** Sets in `into` the media of every index word row (the lists of rare words read in one query). */
  private orWords(db: SqlDatabase, rows: readonly WordRow[], into: Int32Array): void {
    const rare: WordRow[] = [];
    for (const r of rows) {
      const common = this.commonWordBits(db, r, into.length);
      if (common) orBits(into, common);
      else rare.push(r);
    }
    if (rare.length === 1) {
      const r = rare[0] as WordRow;
      orPostings(this.encoded(db, r.id), r.count, into);
    } else if (rare.length > 1) {
      const lists = db
        .prepare("SELECT count, postings FROM words WHERE id IN (SELECT value FROM json_each(?))")
        .all<{ count: number; postings: Uint8Array }>(JSON.stringify(rare.map((r) => r.id)));
      for (const l of lists) orPostings(l.postings, l.count, into);
    }
  }

  /**
   * The media of a query word (the union over the index words containing it), as a bitset: a cached one when
   * it is common, else `into` filled in. The returned bitset is only read.
   */
  private queryWordBits(db: SqlDatabase, word: string, rows: readonly WordRow[], weight: number, into: Int32Array): Int32Array {
    if (rows.length === 1) return this.commonWordBits(db, rows[0] as WordRow, into.length) ?? this.filled(db, rows, into);
    if (!this.common(weight)) return this.filled(db, rows, into);
    let bits = this.cache.get(word);
    if (!bits) {
      bits = this.filled(db, rows, new Int32Array(into.length));
      this.cache.set(word, bits);
    }
    return bits;
  }

  private filled(db: SqlDatabase, rows: readonly WordRow[], into: Int32Array): Int32Array {
    into.fill(0);
    this.orWords(db, rows, into);
    return into;
  }

  /** The bitset of the media whose name holds every word (a reused buffer); `null` when there are no words. */
  private matchingBits(db: SqlDatabase, words: readonly string[]): Int32Array | null {
    if (words.length === 0) return null;
    const perWord = words.map((word) => {
      const rows = this.wordsContaining(db, word);
      return { word, rows, weight: rows.reduce((n, r) => n + r.count, 0) };
    });
    perWord.sort((a, b) => a.weight - b.weight); // the rarest word first: an empty match ends the search
    const size = bitsetWords(this.totalMedia);
    if (this.scratch?.[0].length !== size) this.scratch = [new Int32Array(size), new Int32Array(size)];
    const [result, scratch] = this.scratch;
    if ((perWord[0]?.weight ?? 0) === 0) return result.fill(0);
    for (const [i, { word, rows, weight }] of perWord.entries()) {
      if (i === 0) {
        const bits = this.queryWordBits(db, word, rows, weight, result);
        if (bits !== result) result.set(bits);
      } else {
        andBits(result, this.queryWordBits(db, word, rows, weight, scratch));
      }
    }
    return result;
  }

  search(query: string, systems: readonly string[], maxResults: number): { results: MediaItem[]; total: number } {
    const db = this.db;
    if (!db) return { results: [], total: 0 };
    const ranges = this.rangesOf(systems);
    if (ranges.length === 0) return { results: [], total: 0 };
    const bits = this.matchingBits(db, queryWords(query));
    let total = 0;
    const first: number[] = [];
    for (const [lo, hi] of ranges.sort((a, b) => a[0] - b[0])) {
      if (bits === null) {
        total += hi - lo + 1;
        for (let id = lo; id <= hi && first.length < maxResults; id++) first.push(id);
      } else {
        total += countBits(bits, lo, hi);
        collectBits(bits, lo, hi, maxResults, first);
      }
    }
    return { results: this.items(db, first), total };
  }

  /** A random item of the given systems (all when empty). */
  random(systems: readonly string[]): MediaItem | undefined {
    const db = this.db;
    if (!db) return undefined;
    const ranges = this.rangesOf(systems);
    const total = ranges.reduce((n, [lo, hi]) => n + hi - lo + 1, 0);
    if (total === 0) return undefined;
    let pick = Math.floor(Math.random() * total);
    for (const [lo, hi] of ranges) {
      if (pick <= hi - lo) return this.items(db, [lo + pick])[0];
      pick -= hi - lo + 1;
    }
    return undefined;
  }

  /** Absolute paths recorded for a compressed `<SystemId>/<path>` (several roots may hold the same one). */
  absoluteCandidates(path: string): string[] {
    const db = this.db;
    const slash = path.lastIndexOf("/");
    if (!db || slash <= 0) return [];
    const file = path.slice(slash + 1);
    return db
      .prepare("SELECT abs FROM dirs WHERE rel = ? ORDER BY id")
      .all<{ abs: string }>(path.slice(0, slash))
      .map((r) => `${r.abs}/${file}`);
  }

  private items(db: SqlDatabase, ids: readonly number[]): MediaItem[] {
    if (ids.length === 0) return [];
    const rows = db
      .prepare("SELECT m.id AS id, d.rel || '/' || m.file AS path FROM media m JOIN dirs d ON d.id = m.dir WHERE m.id IN (SELECT value FROM json_each(?)) ORDER BY m.id")
      .all<{ id: number; path: string }>(JSON.stringify(ids));
    return rows.map(({ id, path }) => ({ system: this.systemOf(id), name: mediaNameOfPath(path), path, zapScript: path, tags: NO_TAGS }));
  }

  /** The system whose id range holds a media id (the systems' ranges ascend and do not overlap). */
  private systemOf(id: number): SystemInfo {
    const s = this.systems;
    let lo = 0;
    let hi = s.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if ((s[mid] as IndexedSystem).first <= id) lo = mid;
      else hi = mid - 1;
    }
    return this.infos[lo] as SystemInfo;
  }

  private info(id: string): SystemInfo {
    const def = this.catalog.byIdExact(id);
    return Object.freeze(def ? systemInfo(def) : { id, name: id, category: "Other" });
  }
}
