import { existsSync, renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import { collectMarked, decodePostings, keepMarked, markIds, unionSorted, withinRanges } from "../../core/media/postings.ts";
import { ftsLiteral, mediaName, queryWords, TRIGRAM_MIN } from "../../core/media/words.ts";
import type { MediaItem, SystemInfo } from "../../core/media-types.ts";
import { type SystemCatalog, systemInfo } from "../../core/systems/catalog.ts";
import { mediaMigrations } from "../../db/migrations/media.ts";
import { openDatabase } from "../../db/open.ts";
import { log } from "../../log.ts";
import type { Runtime, SqlDatabase } from "../../runtime/types.ts";
import type { WrittenSystem } from "./index-writer.ts";
import type { SystemScan } from "./walker.ts";

/** Posting lists at least this long are kept decoded, up to CACHE_MAX_IDS ids in all (4 bytes each). */
const CACHE_MIN_IDS = 2048;
const CACHE_MAX_IDS = 2_000_000;
const logger = log.withTag("media");

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
  private completeAt = "";
  private mark: Uint8Array | null = null;
  private decoded = new Map<number, Int32Array>();
  private decodedIds = 0;

  constructor(
    private readonly runtime: Runtime,
    dataDir: string,
    private readonly catalog: SystemCatalog,
  ) {
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
      this.db = db;
      this.completeAt = complete.value;
      this.systems = db
        .prepare("SELECT id AS row, system AS id, first_id AS first, last_id AS last, count, indexed_at AS indexedAt FROM systems ORDER BY first_id")
        .all<IndexedSystem>();
      this.bySystem = new Map(this.systems.map((s) => [s.id, s]));
    } catch (err) {
      logger.warn(`media index ${this.path} cannot be used (${(err as Error).message}); index again to rebuild it`);
      this.db = null;
      this.systems = [];
      this.bySystem = new Map();
    }
  }

  close(): void {
    this.db?.close();
    this.db = null;
    this.decoded.clear(); // word ids belong to the file just closed
    this.decodedIds = 0;
    this.mark = null;
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
    const chosen = systems.length === 0 ? this.systems : systems.flatMap((id) => this.bySystem.get(id) ?? []);
    return chosen.map((s) => [s.first, s.last]);
  }

  /** Index words containing `word` (ids and how many media hold each). */
  private wordsContaining(db: SqlDatabase, word: string): WordRow[] {
    if (word.length >= TRIGRAM_MIN) {
      return db.prepare("SELECT w.id AS id, w.count AS count FROM words w WHERE w.id IN (SELECT rowid FROM words_fts WHERE words_fts MATCH ?)").all<WordRow>(ftsLiteral(word));
    }
    // shorter than a trigram: a pass over the distinct words (not over the media)
    return db.prepare("SELECT id, count FROM words WHERE instr(word, ?) > 0").all<WordRow>(word);
  }

  /** A word's media ids; long lists stay decoded in a small cache (common words recur in most queries). */
  private postings(db: SqlDatabase, row: WordRow): Int32Array {
    const hit = this.decoded.get(row.id);
    if (hit) {
      this.decoded.delete(row.id); // most recently used last
      this.decoded.set(row.id, hit);
      return hit;
    }
    const r = db.prepare("SELECT postings FROM words WHERE id = ?").get<{ postings: Uint8Array }>(row.id);
    const ids = r ? decodePostings(r.postings, row.count) : new Int32Array(0);
    if (ids.length >= CACHE_MIN_IDS) {
      this.decoded.set(row.id, ids);
      this.decodedIds += ids.length;
      for (const [id, list] of this.decoded) {
        if (this.decodedIds <= CACHE_MAX_IDS) break;
        this.decoded.delete(id);
        this.decodedIds -= list.length;
      }
    }
    return ids;
  }

  /** One byte per media id, cleared before each use: unions and intersections of long lists in linear time. */
  private marks(): Uint8Array {
    const size = this.totalMedia + 1;
    if (this.mark?.length !== size) this.mark = new Uint8Array(size);
    else this.mark.fill(0);
    return this.mark;
  }

  /** Ids (ascending) of the media whose name holds every word; `null` when there are no words. */
  private matchingIds(db: SqlDatabase, words: readonly string[]): Int32Array | null {
    if (words.length === 0) return null;
    const perWord = words.map((w) => {
      const rows = this.wordsContaining(db, w);
      return { rows, weight: rows.reduce((n, r) => n + r.count, 0) };
    });
    perWord.sort((a, b) => a.weight - b.weight);
    const first = perWord[0] as { rows: WordRow[]; weight: number };
    if (first.weight === 0) return new Int32Array(0);
    let candidates: Int32Array;
    if (first.rows.length === 1 || first.weight * 16 < this.totalMedia) {
      // one list, or few ids: decode and merge them
      candidates = unionSorted(first.rows.map((r) => this.postings(db, r)));
    } else {
      // many ids in many lists (a common fragment such as "usa"): mark them, then read the marks in order
      const mark = this.marks();
      for (const r of first.rows) markIds(this.postings(db, r), mark);
      candidates = collectMarked(mark, Math.min(first.weight, this.totalMedia));
    }
    for (const { rows } of perWord.slice(1)) {
      if (candidates.length === 0) break;
      const mark = this.marks();
      for (const r of rows) markIds(this.postings(db, r), mark);
      candidates = keepMarked(candidates, mark);
    }
    return candidates;
  }

  search(query: string, systems: readonly string[], maxResults: number): { results: MediaItem[]; total: number } {
    const db = this.db;
    if (!db) return { results: [], total: 0 };
    const ranges = this.rangesOf(systems);
    if (ranges.length === 0) return { results: [], total: 0 };
    const ids = this.matchingIds(db, queryWords(query));
    let total: number;
    let first: number[];
    if (ids === null) {
      total = ranges.reduce((n, [lo, hi]) => n + hi - lo + 1, 0);
      first = [];
      for (const [lo, hi] of ranges) for (let id = lo; id <= hi && first.length < maxResults; id++) first.push(id);
    } else {
      ({ total, first } = withinRanges(ids, ranges, maxResults));
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
      .prepare("SELECT m.id AS id, m.file AS file, d.rel AS rel FROM media m JOIN dirs d ON d.id = m.dir WHERE m.id IN (SELECT value FROM json_each(?)) ORDER BY m.id")
      .all<{ id: number; file: string; rel: string }>(JSON.stringify(ids));
    return rows.map((r) => {
      const path = `${r.rel}/${r.file}`;
      return { system: this.info(this.systemOf(r.id)), name: mediaName(r.file), path, zapScript: path, tags: [] };
    });
  }

  /** The system whose id range holds a media id (the systems' ranges ascend and do not overlap). */
  private systemOf(id: number): string {
    const s = this.systems;
    let lo = 0;
    let hi = s.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if ((s[mid] as IndexedSystem).first <= id) lo = mid;
      else hi = mid - 1;
    }
    return (s[lo] as IndexedSystem).id;
  }

  private info(id: string): SystemInfo {
    const def = this.catalog.byIdExact(id);
    return def ? systemInfo(def) : { id, name: id, category: "Other" };
  }
}
