import { existsSync, renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import { andBits, bitsetWords, countBits, orPostings } from "../../core/media/postings.ts";
import { decodeSearchCursor, encodeSearchCursor } from "../../core/media/search-cursor.ts";
import { rowTitleKey } from "../../core/media/row-names.ts";
import { sampledLowerBound, sampledPrefixRange, titleKey } from "../../core/media/title-order.ts";
import { nameWords, queryWords } from "../../core/media/words.ts";
import type { TagInfo } from "../../core/wire/media.ts";
import type { MediaItem } from "../../core/media-types.ts";
import type { SystemCatalog } from "../../core/systems/catalog.ts";
import { mediaMigrations } from "../../db/migrations/media.ts";
import { openDatabase, removeDatabase } from "../../db/open.ts";
import { log } from "../../log.ts";
import type { Runtime, SqlDatabase } from "../../runtime/types.ts";
import type { WrittenSystem } from "./index-writer.ts";
import { readIndexedSystems } from "./carry-over.ts";
import { DirRels } from "./dir-rels.ts";
import { idRanges, spanHolding } from "./id-ranges.ts";
import { type ItemSystem, itemSystem, readMediaItems } from "./media-items.ts";
import { type RankPosition, rankedPage } from "./ranked-page.ts";
import { TagLabels } from "./tag-labels.ts";
import { readTitleSamples } from "./title-samples.ts";
import { readStoredTitleOrder, type TitleOrder } from "./title-order-rows.ts";
import { WordMatcher } from "./word-matcher.ts";

/**
 * Bitsets of common words and of query words matching many media (at least one in 32, where a bitset is no
 * larger than the list of ids) stay in memory, least recently used dropped first, up to this many bytes in all.
 */
export const BITSET_CACHE_BYTES = 4 * 1024 * 1024;
/** Short query words are looked up in an in-memory list of the index words when their text is at most this long. */
const WORD_LIST_MAX_CHARS = 1_000_000;
const logger = log.withTag("media");
/** What SQLite (Bun's and Node's) says about a file that is not, or no longer, a readable database. */
const DAMAGED = /not a database|malformed|file is encrypted|disk image/i;

/** A page of search results: `nextCursor` continues after it ("" when it is the last). */
export interface SearchPage {
  results: MediaItem[];
  total: number;
  nextCursor: string;
  /** Set when nothing matched as typed and these are the results of this corrected query instead. */
  correctedQuery?: string;
}

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
  private infos: ItemSystem[] = [];
  /** The open file's folder paths, as results name them. */
  private dirs: DirRels | null = null;
  private completeAt = "";
  /** Finds the media holding a query's words in the open file (its caches go with the file). */
  private matcher: WordMatcher | null = null;
  /** The title order of the open file (search and browse share it), with its sampled keys once a search reads them. */
  private titleOrder: (TitleOrder & { samples?: string[] }) | null = null;
  private readonly labels = new TagLabels();
  /** The id ranges of all the open file's systems, as idRanges joins them (rangesOf). */
  private allRanges: ReadonlyArray<readonly [number, number]> = [];

  constructor(
    private readonly runtime: Runtime,
    dataDir: string,
    private readonly catalog: SystemCatalog,
    private readonly limits: MediaStoreLimits = {},
  ) {
    this.path = join(dataDir, "media.db");
    this.buildingPath = join(dataDir, "media.db.building");
  }

  /**
   * Opens the index if there is one; removes what an interrupted run left behind. Returns why an existing file
   * cannot be used, `damaged` when SQLite cannot read it (not when it is incomplete, as an older schema's index
   * is after its migration: that one is simply indexed again), or null.
   */
  open(): { reason: string; damaged: boolean } | null {
    removeDatabase(this.buildingPath);
    rmSync(`${this.buildingPath}.split`, { force: true }); // the file a split run's thread writes before the writer takes it (split-run.ts)
    if (!existsSync(this.path)) return null;
    let db: SqlDatabase | null = null;
    try {
      db = openDatabase(this.runtime, this.path, { durability: "normal", journal: "delete", migrations: mediaMigrations });
      const complete = db.prepare("SELECT value FROM meta WHERE key = 'complete'").get<{ value: string }>();
      if (!complete) throw new Error("the file is not a complete index");
      // Read through SQLite's page cache (2 MB), never mapped: a mapped index puts every page a search touches,
      // and the kernel's 64 KiB around each, in the RSS (one search of a 250k index: ~14 MB). Searches read their
      // scattered result rows with a pread each; on an idle machine B3 at 500k is no slower for it (p50 1.20,
      // p99 1.72 ms in process; mapped, the run before: 1.33 / 1.77), under load its p50 about doubles.
      db.exec("PRAGMA mmap_size = 0");
      this.db = db;
      this.completeAt = complete.value;
      this.systems = db
        .prepare("SELECT id AS row, system AS id, first_id AS first, last_id AS last, count, indexed_at AS indexedAt FROM systems ORDER BY first_id")
        .all<IndexedSystem>();
      this.bySystem = new Map(this.systems.map((s) => [s.id, s]));
      this.allRanges = idRanges(this.systems);
      this.infos = this.systems.map((s) => itemSystem(this.catalog, s.id)); // one per system, shared by its items
      this.matcher = new WordMatcher(db, this.totalMedia, this.limits.cacheBytes ?? BITSET_CACHE_BYTES, this.limits.wordListChars ?? WORD_LIST_MAX_CHARS);
      return null;
    } catch (err) {
      const reason = (err as Error).message;
      logger.warn(`media index ${this.path} cannot be used (${reason}); index again to rebuild it`);
      try {
        db?.close();
      } catch {}
      this.db = null;
      this.matcher = null;
      this.systems = [];
      this.bySystem = new Map();
      this.allRanges = [];
      this.infos = [];
      return { reason, damaged: DAMAGED.test(reason) };
    }
  }

  /** Moves the (unusable) index file aside as `media.db.<suffix>`, with its journal; returns the new name. */
  setAside(suffix: string): string {
    this.close();
    const target = `${this.path}.${suffix}`;
    renameSync(this.path, target);
    for (const j of ["-journal", "-wal", "-shm"]) if (existsSync(this.path + j)) renameSync(this.path + j, target + j);
    return target;
  }

  close(): void {
    this.db?.close();
    this.db = null;
    this.matcher = null; // its word ids and cached bitsets belong to the file just closed
    this.dirs = null;
    this.titleOrder = null;
    this.labels.clear();
  }

  get exists(): boolean {
    return this.db !== null;
  }

  /** A quiet moment's cleanup: the page cache, title order (8 bytes a media) and bitsets go; the next search reads them again. */
  shrinkCaches(): void {
    this.titleOrder = null;
    this.matcher?.dropCaches();
    this.dirs?.clear();
    this.db?.exec("PRAGMA shrink_memory");
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

  /** Called with the served index and a new complete file just before the swap (scraped metadata moves over). */
  onSwap: ((served: SqlDatabase, builtPath: string) => void) | null = null;

  /** The served index file's connection (null without one), for the tables other services keep in it. */
  get database(): SqlDatabase | null {
    return this.db;
  }

  /** Swaps a completely written index file in place of the served one. */
  replaceWith(builtPath: string): void {
    if (this.db && this.onSwap) this.onSwap(this.db, builtPath);
    this.close();
    rmSync(`${this.path}-journal`, { force: true });
    rmSync(`${this.path}-wal`, { force: true });
    rmSync(`${this.path}-shm`, { force: true });
    renameSync(builtPath, this.path);
    this.open();
  }

  /** Marks the served index as complete now: a re-index found the tree unchanged and kept it. */
  markChecked(): void {
    const at = new Date().toISOString();
    if (this.db?.prepare("UPDATE meta SET value = ? WHERE key = 'complete'").run(at).changes) this.completeAt = at;
  }

  /** The served rows of the given systems, to carry them into a new index unchanged. */
  readSystems(ids: readonly string[]): WrittenSystem[] {
    return this.db ? readIndexedSystems(this.db, ids.flatMap((id) => this.bySystem.get(id) ?? [])) : [];
  }

  /** Id ranges of the requested systems (all when empty; unknown ids select nothing), as idRanges joins them. */
  private rangesOf(systems: readonly string[]): ReadonlyArray<readonly [number, number]> {
    if (systems.length === 0) return this.allRanges;
    return idRanges([...new Set(systems)].flatMap((id) => this.bySystem.get(id) ?? []));
  }

  /**
   * Media matching every query word (all media for an empty query) and every `type:value` tag of `tags`, within
   * `systems`: `total` counts them all, `results` are the first `maxResults` in rank order (rankedPage) after
   * `cursor` (a previous page's `nextCursor`), `nextCursor` where the next page starts ("" after the last).
   * `only`, when given, also restricts them to its set bits (media ids), e.g. the media carrying user tags.
   */
  search(query: string, systems: readonly string[], maxResults: number, tags: readonly string[] = [], cursor = "", only: Int32Array | null = null): SearchPage {
    const page = this.searchAsTyped(query, systems, maxResults, tags, cursor, only);
    const corrected = page.total === 0 ? this.correctedQuery(query) : null;
    if (!corrected) return page;
    // a typo fallback: the same search with each word that matched nothing replaced by the closest index word
    // (the same correction for every page, so a cursor continues it)
    const fallback = this.searchAsTyped(corrected, systems, maxResults, tags, cursor, only);
    return fallback.total > 0 ? { ...fallback, correctedQuery: corrected } : page;
  }

  /** After a search that matched nothing: the query with its unmatched words corrected, or null. */
  private correctedQuery(query: string): string | null {
    const matcher = this.matcher;
    const unmatched = new Set(matcher?.unmatched() ?? []);
    if (!matcher || unmatched.size === 0) return null;
    const words = nameWords(query).map((w) => (unmatched.has(w) ? matcher.closestWord(w) : w));
    return words.every((w) => w !== null) ? words.join(" ") : null;
  }

  private searchAsTyped(query: string, systems: readonly string[], maxResults: number, tags: readonly string[], cursor: string, only: Int32Array | null): SearchPage {
    const after = cursor === "" ? null : decodeSearchCursor(cursor); // a bad cursor is refused even without an index
    const db = this.db;
    const matcher = this.matcher;
    if (!db || !matcher) return { results: [], total: 0, nextCursor: "" };
    const ranges = this.rangesOf(systems);
    if (ranges.length === 0) return { results: [], total: 0, nextCursor: "" };
    const words = queryWords(query);
    let bits = matcher.matching(words);
    const starts = bits ? matcher.startMatching() : null;
    if (tags.length > 0) {
      const tagBits = this.tagBits(db, tags);
      if (bits) andBits(bits, tagBits);
      else bits = tagBits;
    }
    if (only) {
      // a filter from outside the index (user tags): a bitset of ids, see `only`
      if (bits) andBits(bits, only);
      else bits = only.slice();
    }
    let total = 0;
    for (const [lo, hi] of ranges) total += bits ? countBits(bits, lo, hi) : hi - lo + 1;
    const order = this.titleOrderOf(db);
    const samples = (order.samples ??= readTitleSamples(db, order.order));
    const titleAt = db.prepare("SELECT file, title FROM media WHERE id = ?");
    const keyOf = (id: number) => {
      const row = titleAt.get<{ file: string; title: string | null }>(id);
      return row ? rowTitleKey(row.file, row.title) : "";
    };
    // the title key at a place of the order; the last one read is kept (a search's last probe is often read again)
    let lastPlace = -1;
    let lastKey = "";
    const at = (place: number) => {
      if (place !== lastPlace) {
        lastKey = keyOf(order.order[place] as number);
        lastPlace = place;
      }
      return lastKey;
    };
    const lowerBound = (key: string) => sampledLowerBound(order.order.length, samples, key, at);
    const prefixRange = (key: string) => sampledPrefixRange(order.order.length, samples, key, at);
    let position: RankPosition | undefined;
    if (after) {
      // right after that media in this index; at its title when it is no longer there
      const id = this.idOf(db, after.system, after.path);
      position = { tier: after.tier, place: id === undefined ? lowerBound(after.title) - 1 : (order.rank[id] as number) };
    }
    const page = rankedPage({ ...order, prefixRange, ranges, bits, starts, key: words.length ? titleKey(query) : "", total, max: maxResults + 1, after: position });
    const { ids, tiers } = page;
    const more = ids.length > maxResults;
    if (more) ids.length = maxResults; // the one past the page only tells that there is more
    const results = this.items(db, ids);
    const last = results[results.length - 1];
    const end = ids.length - 1;
    const nextCursor = more && last ? encodeSearchCursor({ tier: tiers[end] as number, title: keyOf(ids[end] as number), system: last.system.id, path: last.path }) : "";
    return { results, total, nextCursor };
  }

  /** The id of the media at `<rel dir>/<file>` of a system in the open index. */
  private idOf(db: SqlDatabase, system: string, path: string): number | undefined {
    const s = this.bySystem.get(system);
    if (!s) return undefined;
    const find = db.prepare("SELECT m.id AS id FROM media m JOIN dirs d ON d.id = m.dir WHERE d.rel = ? AND m.file = ? AND m.id BETWEEN ? AND ? ORDER BY m.id LIMIT 1");
    // the folder part ends at a slash: the last one, unless the file name holds some (a zip's entries)
    for (let slash = path.lastIndexOf("/"); slash > 0; slash = path.lastIndexOf("/", slash - 1)) {
      const row = find.get<{ id: number }>(path.slice(0, slash), path.slice(slash + 1), s.first, s.last);
      if (row) return row.id;
    }
    return undefined;
  }

  /** The open index file, for readers beside the search (browse); null without one. A new file, a new object. */
  get reader(): SqlDatabase | null {
    return this.db;
  }

  /** Items of media ids in the order given (as search results: tags, disambiguating tags among them). */
  itemsOf(ids: readonly number[]): MediaItem[] {
    return this.db ? this.items(this.db, ids) : [];
  }

  /** The tags of the media of `systems` (all when empty), each once, by type then value. */
  tags(systems: readonly string[]): TagInfo[] {
    const db = this.db;
    if (!db) return [];
    const rows =
      systems.length === 0
        ? db.prepare("SELECT tag FROM tags ORDER BY tag").all<{ tag: string }>()
        : db
            .prepare("SELECT DISTINCT t.tag AS tag FROM system_tags st JOIN tags t ON t.id = st.tag JOIN systems s ON s.id = st.system WHERE s.system IN (SELECT value FROM json_each(?)) ORDER BY t.tag")
            .all<{ tag: string }>(JSON.stringify(systems));
    return rows.map((r) => this.labels.info(r.tag));
  }

  /** The media carrying every one of `tags` (a new bitset; empty when one is unknown). */
  private tagBits(db: SqlDatabase, tags: readonly string[]): Int32Array {
    const size = bitsetWords(this.totalMedia);
    let result: Int32Array | null = null;
    const get = db.prepare("SELECT count, postings FROM tags WHERE tag = ?");
    for (const tag of new Set(tags)) {
      const row = get.get<{ count: number; postings: Uint8Array }>(tag);
      const bits = new Int32Array(size);
      if (row) orPostings(row.postings, row.count, bits);
      if (result) andBits(result, bits);
      else result = bits;
    }
    return result ?? new Int32Array(size);
  }

  /** The title order of `db`: the open file's is kept (search and browse share it), another file's read from it. */
  titleOrderOf(db: SqlDatabase): TitleOrder & { samples?: string[] } {
    if (db !== this.db) return readStoredTitleOrder(db);
    this.titleOrder ??= readStoredTitleOrder(db);
    return this.titleOrder;
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
    if (this.dirs?.db !== db) this.dirs = new DirRels(db);
    return readMediaItems(db, ids, { systemOf: (id) => this.systemOf(id), dirs: this.dirs, labels: this.labels, titlePlaces: () => this.titleOrderOf(db).rank });
  }

  /** The system whose id range holds a media id. */
  private systemOf(id: number): ItemSystem {
    return this.infos[spanHolding(this.systems, id)] as ItemSystem;
  }
}
