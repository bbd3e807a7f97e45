import { existsSync } from "node:fs";
import { basename } from "node:path";
import { DomainError } from "../../core/errors.ts";
import type { MediaItem, MediaLibrary, SystemDefinition, TitleOptions, TitleResolution } from "../../core/media-types.ts";
import { systemCatalog } from "../../core/systems/catalog.ts";
import type { IndexingStatus, SearchResult, SystemEntry, TagInfo } from "../../core/wire/media.ts";
import type { BrowseIndexResult, BrowseResult, BrowseSort } from "../../core/wire/media-browse.ts";
import { log } from "../../log.ts";
import { mediaRoots, zipsAsFolders } from "../../platforms/media-roots.ts";
import type { ServiceContext } from "../context.ts";
import type { InboxSink } from "../inbox/inbox-service.ts";
import { IndexStallWatch } from "../inbox/index-stall-watch.ts";
import { indexFailed, mediaDbCorrupt, noInbox } from "../inbox/producers.ts";
import type { Lifecycle } from "../lifecycle.ts";
import { type BrowseRequest, MediaBrowser } from "./browse.ts";
import { writeIndexFile } from "./index-writer.ts";
import { type IndexerDeps, IndexInterruptedError, MediaIndexer } from "./indexer.ts";
import { MediaStore, type SearchPage } from "./media-store.ts";
import { cleanOrphans } from "./orphans.ts";
import { TitleIndexes } from "./title-indexes.ts";
import { readLetterBits } from "./letter-bits.ts";
import { bitsetWords } from "../../core/media/postings.ts";
import type { SqlDatabase } from "../../runtime/types.ts";
import { preferencesFromConfig, resolveTitle } from "../../core/titles/index.ts";
import { clearRowNameCaches } from "../../core/media/row-names.ts";
import { ScrapeService } from "../scrape/scrape-service.ts";
import { indexingStatus, ProgressThrottle } from "./status.ts";
import { isUserTag, normalizeUserTag, UserTags } from "./user-tags.ts";
import { addUserTags, userTagBits, userTaggedIds, userTagInfo } from "./user-tags-view.ts";

const logger = log.withTag("media");

/** Minimum time between two `media.indexing` events of a run (the first and last always go out). */
export const PROGRESS_INTERVAL_MS = 250;

/**
 * Media index and search: `media.db` in the data folder, the indexer, and `library` for the launch pipeline.
 * Index runs announce their progress as `media.indexing` events.
 */
export class MediaService implements Lifecycle {
  readonly name = "media";
  readonly library: MediaLibrary;
  private readonly catalog = systemCatalog();
  private readonly store: MediaStore;
  private readonly indexer: MediaIndexer;
  /** Scrapers of metadata and artwork into this index (never running with an index build). */
  readonly scrape: ScrapeService;
  private readonly userTags: UserTags;
  private readonly browser: MediaBrowser;
  /** The reference's title tables per system, for `@System/Title` launches. */
  private readonly titles: TitleIndexes;
  /** The media of each title letter group of the served index file (`media.search {letter}`). */
  private letters: { db: SqlDatabase; bits: Map<string, Int32Array> } | null = null;

  constructor(
    private readonly ctx: ServiceContext,
    /** Where a damaged database or a failed index run is reported. */
    private readonly inbox: InboxSink = noInbox,
    opts: { stallMs?: number | undefined; virtualMedia?: IndexerDeps["virtualMedia"]; titleSource?: IndexerDeps["titleSource"]; titleVersion?: IndexerDeps["titleVersion"] } = {},
  ) {
    this.store = new MediaStore(ctx.runtime, ctx.dataDir, this.catalog);
    const throttle = new ProgressThrottle(PROGRESS_INTERVAL_MS, () => ctx.clock.now(), (s) => ctx.events.publish("media.indexing", s));
    const stall = new IndexStallWatch({ clock: ctx.clock, inbox, limitMs: opts.stallMs });
    this.indexer = new MediaIndexer({
      runtime: ctx.runtime,
      store: this.store,
      catalog: this.catalog,
      roots: () => this.rootFolders(),
      zipsAsFolders: () => zipsAsFolders(ctx.platform),
      virtualMedia: opts.virtualMedia,
      titleSource: opts.titleSource,
      titleVersion: opts.titleVersion,
      onProgress: (progress, force) => {
        stall.observe(progress); // a run without progress for minutes is told to the inbox
        throttle.offer(indexingStatus(this.store, progress), force);
      },
    });
    this.titles = new TitleIndexes({
      reader: () => this.store.reader,
      indexedSystems: () => this.store.indexedSystems(),
      mediaType: (id) => this.catalog.mediaTypeOf(id),
    });
    this.library = this.makeLibrary();
    this.scrape = new ScrapeService(ctx, this, this.store);
    this.userTags = new UserTags(ctx.userDb, () => ctx.clock.now());
    this.browser = new MediaBrowser({
      db: () => this.store.reader,
      titleOrderOf: (db) => this.store.titleOrderOf(db),
      roots: () => this.rootFolders(),
      systemName: (id) => this.catalog.byIdExact(id)?.name ?? id,
      items: (ids) => addUserTags(this.userTags, this.store.itemsOf(ids)),
      userTagged: (tree, tag, systems) => userTaggedIds(this.userTags, tree, tag, systems),
      isUserTag,
    });
  }

  rootFolders(): string[] {
    return mediaRoots(this.ctx.config.current.launchers.index_root, this.ctx.platform, undefined, this.ctx.platformRoot);
  }

  status(): IndexingStatus {
    return indexingStatus(this.store, this.indexer.currentProgress);
  }

  /** Systems by their case-sensitive ids; an unknown id is refused (all of them named). */
  systemsById(ids: readonly string[]): SystemDefinition[] {
    const unknown = ids.filter((id) => !this.catalog.byIdExact(id));
    if (unknown.length) throw new DomainError("invalid", `unknown system id${unknown.length > 1 ? "s" : ""}: ${unknown.join(", ")} (ids are case-sensitive, e.g. "SNES")`);
    return [...new Set(ids)].map((id) => this.catalog.byIdExact(id) as SystemDefinition);
  }

  /**
   * Starts building a new index (every system, or only `systemIds`, keeping the others). Refuses at once (busy,
   * unknown system); the returned promise settles when the run ends. A failed or interrupted run keeps the
   * previous index.
   */
  beginIndex(systemIds?: readonly string[], resume = false): Promise<void> {
    if (this.scrape.running) throw new DomainError("busy", "scraping is in progress; index when it is done (or cancel it)");
    const run = this.indexer.start(systemIds ? this.systemsById(systemIds) : undefined, resume);
    return run.then(
      () => undefined,
      (err) => {
        if (err instanceof IndexInterruptedError) throw err;
        const failure = err instanceof DomainError ? err : new DomainError("failed", `media indexing failed: ${(err as Error).message}; the previous index is kept`);
        indexFailed(this.inbox, failure.message);
        throw failure;
      },
    );
  }

  /**
   * A full index run once the one going (if any) has ended, for a change that run may have missed (a drive
   * mounted while it walked). Busy only when a scrape runs.
   */
  async indexAfterCurrent(): Promise<void> {
    await this.indexer.idle();
    return this.beginIndex();
  }

  get indexing(): boolean {
    return this.indexer.running;
  }

  /**
   * The file the reference would pick for a title of a system (core/titles over this index's title tables, the
   * config's preferred regions and languages); `item` undefined when it picks none.
   */
  resolveTitle(systemId: string, gameName: string, options: TitleOptions = {}): TitleResolution {
    const queries = this.titles.of(systemId);
    if (!queries) return { outcome: null };
    const { default_regions, default_langs } = this.ctx.config.current.media;
    const mediaType = this.catalog.mediaTypeOf(systemId);
    const preferences = preferencesFromConfig(default_regions, default_langs);
    const launchers = options.launcherExtensions?.length ? { launcherExtensions: options.launcherExtensions } : {};
    const outcome = resolveTitle({ systemId, gameName, mediaType, additionalTags: options.additionalTags ?? [], preferences, ...launchers }, queries);
    const item = outcome.ok ? this.store.itemsOf([outcome.media.mediaId])[0] : undefined;
    return item ? { outcome, item } : { outcome };
  }

  /** Lets go of what the open index caches and can read again: page cache, title order, bitsets (see idle-memory.ts). */
  shrinkCaches(): void {
    this.store.shrinkCaches();
    clearRowNameCaches(); // what parsing file names remembered (an index run fills it with every distinct tail)
    this.titles.drop();
    this.letters = null;
  }

  /** An index run or a scrape is under way. */
  get busy(): boolean {
    return this.indexer.running || this.scrape.running;
  }

  /** An interrupted index run (power cut, stop) can be resumed. */
  get resumable(): boolean {
    return this.indexer.resumable;
  }

  /** Figures of the last finished index run (resumed systems, unchanged systems, whether the index was kept). */
  get lastIndexRun() {
    return this.indexer.lastRun;
  }

  /**
   * Continues an interrupted index run after the last system it finished; false when there is none (or one is
   * running). The returned promise of the run is not waited for: its outcome is in the index status.
   */
  resumeIndex(): boolean {
    if (this.indexer.running || !this.indexer.resumable || this.scrape.running) return false;
    this.beginIndex(undefined, true).catch(() => undefined);
    return true;
  }

  /** Removes scraped metadata and user tags of media no longer in the index; the number of rows removed. */
  cleanOrphans(): number {
    if (this.indexer.running || this.scrape.running) throw new DomainError("busy", "indexing or scraping is in progress; clean up when it is done");
    const db = this.store.database;
    return db ? cleanOrphans(db, this.ctx.userDb) : 0; // without an index, nothing is known to be gone
  }

  /** Stops a running index build; the previous index stays served. */
  async cancelIndex(): Promise<void> {
    await this.indexer.interrupt();
  }

  /** Ranked search; an empty query lists everything (within `systemIds` and `tags`); `cursor` pages it. */
  search(query: string, systemIds: readonly string[], maxResults: number, tags: readonly string[] = [], cursor = "", letter = ""): SearchResult | Promise<SearchResult> {
    if (letter !== "" || tags.some(isUserTag)) return this.searchNarrowed(query, systemIds, maxResults, tags, cursor, letter);
    return this.searchResult(this.store.search(query, systemIds, maxResults, tags, cursor), maxResults);
  }

  /**
   * A search narrowed to a set of media first: those carrying the user tags `tags` names, those of a title letter
   * group (`letter`: A–Z, "0-9" or "#", as the reference groups titles).
   */
  private async searchNarrowed(query: string, systemIds: readonly string[], maxResults: number, tags: readonly string[], cursor: string, letter: string): Promise<SearchResult> {
    let only: Int32Array | null = null;
    if (tags.some(isUserTag)) {
      const tree = await this.browser.currentTree();
      only = tree ? userTagBits(this.userTags, tree, tags.filter(isUserTag), systemIds, this.store.totalMedia) : null;
    }
    if (letter !== "") {
      const group = this.letterGroup(letter);
      only = only ? only.map((w, i) => w & (group[i] ?? 0)) : group;
    }
    return this.searchResult(this.store.search(query, systemIds, maxResults, tags.filter((t) => !isUserTag(t)), cursor, only), maxResults);
  }

  /** The media of a title letter group in the served index (read once per index file). */
  private letterGroup(letter: string): Int32Array {
    const db = this.store.reader;
    if (!db) return new Int32Array(0);
    if (this.letters?.db !== db) this.letters = { db, bits: readLetterBits(db, this.store.totalMedia) };
    return this.letters.bits.get(letter) ?? new Int32Array(bitsetWords(this.store.totalMedia));
  }

  /** A store's page as the API answers it: user tags added, the pagination, a typo fallback's query. */
  private searchResult(page: SearchPage, maxResults: number): SearchResult {
    const pagination = page.nextCursor ? { nextCursor: page.nextCursor, hasNextPage: true, pageSize: maxResults } : { hasNextPage: false, pageSize: maxResults };
    return { results: addUserTags(this.userTags, page.results), total: page.total, pagination, ...(page.correctedQuery ? { correctedQuery: page.correctedQuery } : {}) };
  }

  /**
   * Adds and removes user tags (`user:*`, e.g. the phone app's `user:favorite`) of one media, named by its id in
   * the current index or by system id and path (compressed or absolute); answers the media's tags after.
   */
  async updateTags(ref: { mediaId?: number; system?: string; path?: string }, add: readonly string[], remove: readonly string[]): Promise<TagInfo[]> {
    if (add.length === 0 && remove.length === 0) throw new DomainError("invalid", "invalid params: add or remove is required");
    const adding = add.map(normalizeUserTag);
    const removing = remove.map(normalizeUserTag);
    const item = await this.resolveRef(ref);
    this.userTags.update({ system: item.system.id, path: item.path }, adding, removing);
    return addUserTags(this.userTags, [item])[0]?.tags ?? [];
  }

  /** The indexed media at `path` (absolute, or compressed `<SystemId>/<path>` as results carry it), with its user tags; undefined when the index has none there. */
  async itemAt(path: string): Promise<MediaItem | undefined> {
    const tree = await this.browser.currentTree();
    const id = path.startsWith("/") ? tree?.locateAbsolute(path) : tree?.locate(path);
    return id === undefined ? undefined : addUserTags(this.userTags, this.store.itemsOf([id]))[0];
  }

  /** The indexed media a reference names (refused when it names none). */
  private async resolveRef(ref: { mediaId?: number; system?: string; path?: string }) {
    if (ref.mediaId === undefined && (ref.system === undefined || ref.path === undefined)) throw new DomainError("invalid", "invalid params: mediaId, or system and path, is required");
    if (ref.system !== undefined) this.systemsById([ref.system]);
    const tree = ref.mediaId === undefined ? await this.browser.currentTree() : null;
    const path = ref.path ?? "";
    const id = ref.mediaId ?? (path.startsWith("/") ? tree?.locateAbsolute(path) : tree?.locate(path));
    const [item] = id === undefined ? [] : this.store.itemsOf([id]);
    if (!item || (ref.system !== undefined && item.system.id !== ref.system)) throw new DomainError("not-found", "media not found in the index");
    return item;
  }

  /** A folder listing of the index (roots without a path; a system's folders with `systems` and no path). */
  browse(req: BrowseRequest): Promise<BrowseResult> {
    this.systemsById(req.systems);
    return this.browser.browse(req);
  }

  /** The letter groups of a folder listing's media. */
  browseIndex(path: string | undefined, systemIds: readonly string[], sort: BrowseSort): Promise<BrowseIndexResult> {
    this.systemsById(systemIds);
    return this.browser.index(path, systemIds, sort);
  }

  /** The file-name tags present in the index (of `systemIds` only when given; unknown ids refused). */
  tags(systemIds: readonly string[]): TagInfo[] {
    this.systemsById(systemIds);
    return [...this.store.tags(systemIds), ...this.userTags.distinct(systemIds).map(userTagInfo)];
  }

  /** The systems in the index with their media counts (`all`: every known system), then indexed unknown ones. */
  systems(all: boolean): SystemEntry[] {
    const indexed = this.store.indexedSystems();
    const counts = new Map(indexed.map((s) => [s.id, s.count]));
    const defs = all ? this.catalog.all : this.catalog.all.filter((s) => counts.has(s.id));
    return [
      ...defs.map((s) => ({
        id: s.id,
        name: s.name,
        category: s.category,
        ...(s.manufacturer ? { manufacturer: s.manufacturer } : {}),
        ...(s.releaseDate ? { releaseDate: s.releaseDate } : {}),
        mediaCount: counts.get(s.id) ?? 0,
      })),
      ...indexed.filter((s) => !this.catalog.byIdExact(s.id)).map((s) => ({ id: s.id, name: s.id, category: "Other", mediaCount: s.count })),
    ];
  }

  async start(): Promise<void> {
    const problem = this.store.open();
    if (problem?.damaged) await this.replaceDamaged(problem.reason);
    // a run cut off (power cut, stop) goes on from its last finished system
    if (this.resumeIndex()) logger.info("resuming the interrupted media index run");
  }

  /** A media database that cannot be used is set aside (kept for inspection), an empty one made, the owner told. */
  private async replaceDamaged(reason: string): Promise<void> {
    const stamp = new Date(this.ctx.clock.now()).toISOString().replace(/[:.]/g, "-");
    let setAsideAs: string;
    try {
      setAsideAs = this.store.setAside(`corrupt-${stamp}`);
      await writeIndexFile(this.ctx.runtime, this.store.buildingPath, [], async () => {});
      this.store.replaceWith(this.store.buildingPath);
    } catch (err) {
      logger.error(`cannot replace the damaged media database ${this.store.path}:`, err);
      return;
    }
    logger.warn(`media database set aside as ${setAsideAs}; an empty one was created`);
    mediaDbCorrupt(this.inbox, { setAsideAs: basename(setAsideAs), reason });
  }

  async stop(): Promise<void> {
    await this.scrape.interrupt(); // goes on when resumed after the next start
    await this.indexer.interrupt(true); // resumed at the next start
    this.store.close();
  }

  private makeLibrary(): MediaLibrary {
    const { catalog, store } = this;
    return {
      systemById: (id: string): SystemDefinition | undefined => catalog.byIdExact(id),
      systemForPath: (path: string) => catalog.systemForPath(path),
      search: (query: string, systems: readonly string[], maxResults: number) => store.search(query, systems, maxResults),
      random: (systems: readonly string[]): MediaItem | undefined => store.random(systems),
      resolvePath: (path: string) => {
        const candidates = store.absoluteCandidates(path);
        return candidates.find((p) => existsSync(p)) ?? candidates[0];
      },
      rootFolders: () => this.rootFolders(),
      resolveTitle: (systemId: string, gameName: string, options?: TitleOptions) => this.resolveTitle(systemId, gameName, options),
    };
  }
}
