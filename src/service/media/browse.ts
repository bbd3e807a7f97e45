import { basename } from "node:path";
import { DomainError } from "../../core/errors.ts";
import { type BrowseCursor, decodeBrowseCursor, encodeBrowseCursor } from "../../core/media/browse-cursor.ts";
import type { MediaItem } from "../../core/media-types.ts";
import type { BrowseEntry, BrowseIndexResult, BrowseResult, BrowseSort } from "../../core/wire/media-browse.ts";
import type { SqlDatabase } from "../../runtime/types.ts";
import { rowTags, rowTitleKey } from "../../core/media/row-names.ts";
import { FIRST_PAGE_SCAN_MIN, mediaByTitle } from "./browse-first-page.ts";
import { type BrowseNode, BrowseTree } from "./browse-tree.ts";
import type { TitleOrder } from "./title-order-rows.ts";
import { letterParam, titleLetter } from "./letter-bits.ts";

/** Listings kept sorted for paging (the last few asked for). */
const LISTING_CACHE = 8;

export interface BrowseRequest {
  path?: string;
  systems: readonly string[];
  max: number;
  cursor?: string;
  letter?: string;
  sort: BrowseSort;
  tags: readonly string[];
}

/** What browsing needs of the media service: the served index, its items, names, and user tags. */
export interface BrowseSource {
  db(): SqlDatabase | null;
  /** The title order of an index file (the served one's kept once read, as searches use it). */
  titleOrderOf(db: SqlDatabase): TitleOrder;
  roots(): string[];
  systemName(id: string): string;
  /** Items of media ids (tags, disambiguating tags, user tags), in the order given. */
  items(ids: readonly number[]): MediaItem[];
  /** Ids of the media carrying user tag `tag` (of `systems` only when given), in `tree`. */
  userTagged(tree: BrowseTree, tag: string, systems: readonly string[]): Set<number>;
  isUserTag(tag: string): boolean;
}

/** A media row as stored: title and tags NULL where they follow from the file name (core/media/row-names.ts). */
interface StoredRow {
  id: number;
  file: string;
  title: string | null;
  tags: string | null;
}

interface FileRow {
  id: number;
  file: string;
  /** Its title key (titleSortKey). */
  title: string;
  /** As stored (rowTags gives them). */
  tags: string | null;
  system: string;
  /** Its absolute folder. */
  dir: string;
}
/** A folder's listing; `groups` its letter groups once asked for. */
type Listing = { dirs: BrowseNode[]; files: FileRow[]; groups?: BrowseIndexResult["groups"] };

/** The letter group of a sort name, as the reference groups names: A–Z, "0-9", else "#". */
export const letterOf = titleLetter;

/** `media.browse` and `media.browse.index` over the served index's folder tree (BrowseTree, built once per index). */
export class MediaBrowser {
  private tree: BrowseTree | null = null;
  private building: { db: SqlDatabase; tree: Promise<BrowseTree> } | null = null;
  private readonly listings = new Map<string, Listing>();

  constructor(private readonly src: BrowseSource) {}

  /** The folder tree of the served index (null without one); built again when the index file changes. */
  async currentTree(): Promise<BrowseTree | null> {
    for (;;) {
      const db = this.src.db();
      if (!db) return null;
      if (this.tree?.db === db) return this.tree;
      if (this.building?.db !== db) this.building = { db, tree: BrowseTree.build(db, this.src.roots(), () => new Promise((r) => setImmediate(r)), (d) => this.src.titleOrderOf(d)) };
      const building = this.building;
      try {
        const tree = await building.tree;
        if (this.src.db() !== db) continue; // the index was replaced meanwhile
        this.tree = tree;
        this.listings.clear();
        return tree;
      } catch (err) {
        if (this.src.db() === db) throw err;
      } finally {
        if (this.building === building) this.building = null;
      }
    }
  }

  async browse(req: BrowseRequest): Promise<BrowseResult> {
    const tree = await this.currentTree();
    if (!req.path) return { path: "", entries: tree ? this.roots(tree, req.systems) : [], totalFiles: 0, totalDirs: 0 };
    const letter = req.letter === undefined ? undefined : normalizeLetter(req.letter);
    const key = JSON.stringify([req.path, req.sort, letter ?? "", [...req.systems].sort(), [...req.tags].sort()]);
    const cursor = req.cursor ? decodeBrowseCursor(req.cursor, key) : undefined;
    const quick = letter !== undefined || req.tags.length > 0 || this.listings.has(key) ? null : this.pageByTitle(tree, req, cursor, key);
    if (quick) return quick;
    const listing = this.listing(tree, req.path, req, letter, key);
    const { dirs, files } = listing;
    const fileCount = files.length;
    const offset = cursor ? positionAfter(listing, cursor, req.sort) : 0;
    const total = dirs.length + fileCount;
    const end = Math.min(total, offset + req.max);
    const entries: BrowseEntry[] = dirs.slice(offset, end).map((n) => this.dirEntry(n, req.systems, "directory"));
    const fileRows = files.slice(Math.max(0, offset - dirs.length), Math.max(0, end - dirs.length));
    const items = this.src.items(fileRows.map((f) => f.id));
    for (let i = 0; i < items.length; i++) entries.push(mediaEntry(items[i] as MediaItem, fileRows[i] as FileRow));
    const more = end < total;
    return {
      path: req.path,
      entries,
      totalFiles: fileCount,
      totalDirs: dirs.length,
      pagination: { nextCursor: more ? cursorAt(listing, end - 1, req.sort, key) : null, hasNextPage: more, pageSize: req.max },
    };
  }

  /** Letter groups of the media of a folder listing: count, place among its media, and a cursor to jump there. */
  async index(path: string | undefined, systems: readonly string[], sort: BrowseSort): Promise<BrowseIndexResult> {
    if (!path) return { scheme: "none", totalFiles: 0, groups: [] };
    const tree = await this.currentTree();
    const key = JSON.stringify([path, sort, "", [...systems].sort(), []]);
    const listing = this.listing(tree, path, { systems, tags: [], sort }, undefined, key);
    const { dirs, files } = listing;
    if (files.length === 0) return { scheme: "none", totalFiles: 0, groups: [] };
    if (listing.groups) return { scheme: "latin", totalFiles: files.length, groups: listing.groups };
    const groups: BrowseIndexResult["groups"] = [];
    const byName = sort.startsWith("name");
    const byKey = new Map<string, BrowseIndexResult["groups"][number]>();
    files.forEach((f, i) => {
      const letter = letterOf(byName ? f.title : f.file);
      const seen = byKey.get(letter); // "#" may come both before "A" and after "Z" (accented titles): one group
      if (seen) seen.count++;
      else {
        const at = dirs.length + i;
        const group = { key: letter, label: letter, count: 1, cursor: at === 0 ? "" : cursorAt(listing, at - 1, sort, key), offset: i };
        byKey.set(letter, group);
        groups.push(group);
      }
    });
    listing.groups = groups;
    return { scheme: "latin", totalFiles: files.length, groups };
  }

  private roots(tree: BrowseTree, systems: readonly string[]): BrowseEntry[] {
    if (systems.length === 0) {
      return [...tree.tops].sort().flatMap((top) => {
        const n = tree.nodes.get(top);
        return n ? [{ ...this.dirEntry(n, [], "root"), name: basename(top) || top }] : [];
      });
    }
    return systems.flatMap((id) =>
      [...(tree.systemFolders.get(id) ?? [])].sort().flatMap((folder) => {
        const n = tree.nodes.get(folder);
        if (!n) return [];
        const fileCount = n.counts.get(id) ?? 0;
        const name = this.src.systemName(id);
        return fileCount === 0 ? [] : [{ name, path: folder, type: "root" as const, fileCount, systemId: id, systemIds: [id], systemName: name }];
      }),
    );
  }

  private dirEntry(n: BrowseNode, systems: readonly string[], kind: "root" | "directory"): BrowseEntry {
    const ids = [...n.counts.keys()].filter((s) => systems.length === 0 || systems.includes(s)).sort();
    const entry: BrowseEntry = { name: basename(n.abs), path: n.abs, type: kind, fileCount: BrowseTree.count(n, systems), systemIds: ids };
    if (ids.length === 1) {
      entry.systemId = ids[0] as string;
      entry.systemName = this.src.systemName(ids[0] as string);
    }
    return entry;
  }

  /**
   * A page of a big folder by name without building its listing: its folders, and the media the page shows picked
   * off the index's title order, after the cursor's media (found by the id it carries, checked against its path).
   * Null when that does not apply (then the listing is built): a small folder, another sort, a cursor whose
   * media is gone or was given another id by a new index.
   */
  private pageByTitle(tree: BrowseTree | null, req: BrowseRequest, cursor: BrowseCursor | undefined, key: string): BrowseResult | null {
    if (!req.sort.startsWith("name") || !tree || !req.path) return null;
    const node = this.node(tree, req.path);
    const fileCount = node.direct.reduce((n, d) => n + (req.systems.length === 0 || req.systems.includes(d.system) ? d.count : 0), 0);
    if (fileCount < FIRST_PAGE_SCAN_MIN) return null;
    const dirs = this.sortedDirs(tree, node, req.systems, [], undefined, req.sort);
    let dirStart = 0;
    let after: number | undefined;
    if (cursor?.phase === "dirs") dirStart = positionAfter({ dirs, files: [] }, cursor, req.sort);
    else if (cursor) {
      const at = cursor.id === undefined ? undefined : this.placeOf(tree, node, cursor.id, cursor.path);
      if (at === undefined) return null;
      dirStart = dirs.length;
      after = at;
    }
    const pageDirs = dirs.slice(dirStart, dirStart + req.max);
    const want = req.max - pageDirs.length;
    const picked = mediaByTitle(tree, node, req.systems, want + 1, req.sort.endsWith("-desc"), after); // one more: is there a next page
    if (!picked) return null;
    const q = tree.db.prepare("SELECT id, file, title, tags FROM media WHERE id = ?");
    const files = picked.slice(0, want).flatMap(({ id, dir }) => {
      const r = q.get<StoredRow>(id);
      return r ? [fileRow(r, dir.system, dir.abs)] : [];
    });
    if (files.length !== Math.min(want, picked.length)) return null;
    const entries: BrowseEntry[] = pageDirs.map((n) => this.dirEntry(n, req.systems, "directory"));
    const items = this.src.items(files.map((f) => f.id));
    for (let i = 0; i < items.length; i++) entries.push(mediaEntry(items[i] as MediaItem, files[i] as FileRow));
    const more = dirStart + pageDirs.length < dirs.length || picked.length > want;
    const last = files.length > 0 ? cursorAt({ dirs: [], files }, files.length - 1, req.sort, key) : pageDirs.length > 0 ? cursorAt({ dirs: pageDirs, files: [] }, pageDirs.length - 1, req.sort, key) : null;
    return {
      path: req.path,
      entries,
      totalFiles: fileCount,
      totalDirs: dirs.length,
      pagination: { nextCursor: more ? last : null, hasNextPage: more, pageSize: req.max },
    };
  }

  /** The place in the title order of media `id` of `node`, when it still is the file at `path`. */
  private placeOf(tree: BrowseTree, node: BrowseNode, id: number, path: string): number | undefined {
    const slash = path.lastIndexOf("/");
    const d = node.direct.find((x) => id >= x.lo && id <= x.hi && x.abs === path.slice(0, slash));
    if (!d) return undefined;
    const row = tree.db.prepare("SELECT dir, file FROM media WHERE id = ?").get<{ dir: number; file: string }>(id);
    if (!row || row.dir !== d.id || row.file !== path.slice(slash + 1)) return undefined;
    return tree.ranks()[id];
  }

  private node(tree: BrowseTree | null, path: string): BrowseNode {
    const node = tree?.nodes.get(path.length > 1 ? path.replace(/\/+$/, "") : path);
    if (!tree || !node) throw new DomainError("not-found", `no indexed media under ${path} (browse a root listed by media.browse without a path)`);
    return node;
  }

  /** A folder's sub-folders holding media (of `systems`), sorted by name; none when filtering by tags. */
  private sortedDirs(tree: BrowseTree, node: BrowseNode, systems: readonly string[], tags: readonly string[], letter: string | undefined, sort: BrowseSort): BrowseNode[] {
    const desc = sort.endsWith("-desc") ? -1 : 1;
    return [...node.children]
      .map((c) => tree.nodes.get(c) as BrowseNode)
      .filter((n) => BrowseTree.count(n, systems) > 0 && tags.length === 0 && (letter === undefined || letterOf(basename(n.abs)) === letter))
      .sort((a, b) => desc * compare(basename(a.abs).toLowerCase(), basename(b.abs).toLowerCase()));
  }

  /** A folder's sub-folders then media, filtered and sorted (kept for paging). */
  private listing(
    maybeTree: BrowseTree | null,
    path: string,
    req: Pick<BrowseRequest, "systems" | "tags" | "sort">,
    letter: string | undefined,
    key: string,
  ): Listing {
    const node = this.node(maybeTree, path);
    const tree = maybeTree as BrowseTree; // node() found it
    const cached = this.listings.get(key);
    if (cached) return cached;
    const { systems, tags, sort } = req;
    const desc = sort.endsWith("-desc") ? -1 : 1;
    const byName = sort.startsWith("name");
    const dirs = this.sortedDirs(tree, node, systems, tags, letter, sort);
    const q = tree.db.prepare("SELECT id, file, title, tags FROM media WHERE id BETWEEN ? AND ? AND dir = ?");
    let files: FileRow[] = node.direct
      .filter((d) => systems.length === 0 || systems.includes(d.system))
      .flatMap((d) => q.all<StoredRow>(d.lo, d.hi, d.id).map((r) => fileRow(r, d.system, d.abs)));
    if (letter !== undefined) files = files.filter((f) => letterOf(byName ? f.title : f.file) === letter);
    for (const tag of new Set(tags)) {
      if (this.src.isUserTag(tag)) {
        const ids = this.src.userTagged(tree, tag.toLowerCase(), systems);
        files = files.filter((f) => ids.has(f.id));
      } else files = files.filter((f) => ` ${rowTags(f.file, f.tags, f.system)} `.includes(` ${tag} `));
    }
    files = byName ? byTitleOrder(files, tree.ranks()) : files.sort((a, b) => compare(a.file.toLowerCase(), b.file.toLowerCase()) || a.id - b.id);
    if (desc < 0) files.reverse();
    const listing = { dirs, files };
    if (tags.length > 0) return listing; // user tags change without a new index: such listings are not kept
    if (this.listings.size >= LISTING_CACHE) this.listings.delete(this.listings.keys().next().value as string);
    this.listings.set(key, listing);
    return listing;
  }
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const dirKey = (n: BrowseNode) => basename(n.abs).toLowerCase();
const fileKey = (f: FileRow, sort: BrowseSort) => (sort.startsWith("name") ? f.title : f.file.toLowerCase());

/** The keyset cursor of the listing's entry at `at` (a next page starts right after it). */
function cursorAt(listing: Listing, at: number, sort: BrowseSort, key: string): string {
  const { dirs, files } = listing;
  if (at < dirs.length) {
    const d = dirs[at] as BrowseNode;
    return encodeBrowseCursor({ phase: "dirs", path: d.abs, key: dirKey(d), listing: key });
  }
  const f = files[at - dirs.length] as FileRow;
  return encodeBrowseCursor({ phase: "files", path: `${f.dir}/${f.file}`, key: fileKey(f, sort), listing: key, id: f.id });
}

/**
 * Where a page after the cursor's entry starts in this listing: right after that entry (found by path, so a
 * listing rebuilt from a new index keeps its place), else after the last entry of its part that sorts before it.
 */
function positionAfter(listing: Listing, c: BrowseCursor, sort: BrowseSort): number {
  const { dirs, files } = listing;
  const desc = sort.endsWith("-desc") ? -1 : 1;
  if (c.phase === "dirs") {
    const i = dirs.findIndex((d) => d.abs === c.path);
    if (i >= 0) return i + 1;
    const j = dirs.findIndex((d) => desc * compare(dirKey(d), c.key) > 0);
    return j >= 0 ? j : dirs.length;
  }
  const slash = c.path.lastIndexOf("/");
  const dir = c.path.slice(0, slash);
  const file = c.path.slice(slash + 1);
  const i = files.findIndex((f) => f.file === file && f.dir === dir);
  if (i >= 0) return dirs.length + i + 1;
  const j = files.findIndex((f) => desc * compare(fileKey(f, sort), c.key) > 0);
  return dirs.length + (j >= 0 ? j : files.length);
}

/** Rows in the index's title order (by their places in it, sorted natively: no comparator, no string compares). */
function byTitleOrder(rows: FileRow[], rank: Int32Array): FileRow[] {
  const SLOT = 2 ** 21;
  if (rows.length >= SLOT) return rows.sort((a, b) => (rank[a.id] as number) - (rank[b.id] as number));
  const keys = new Float64Array(rows.length);
  for (let i = 0; i < rows.length; i++) keys[i] = ((rank[(rows[i] as FileRow).id] as number) ?? 0) * SLOT + i;
  keys.sort();
  return Array.from(keys, (k) => rows[k % SLOT] as FileRow);
}

function normalizeLetter(letter: string): string {
  const l = letterParam(letter);
  if (l === null) throw new DomainError("invalid", `invalid params: letter must be A-Z, "0-9" or "#" (was "${letter}")`);
  return l;
}

function fileRow(r: StoredRow, system: string, dir: string): FileRow {
  return { id: r.id, file: r.file, title: rowTitleKey(r.file, r.title), tags: r.tags, system, dir };
}

function mediaEntry(item: MediaItem, row: FileRow): BrowseEntry {
  const entry: BrowseEntry = {
    mediaId: row.id,
    name: item.name,
    path: `${row.dir}/${row.file}`,
    type: "media",
    systemId: item.system.id,
    systemIds: [item.system.id],
    systemName: item.system.name,
    zapScript: item.zapScript,
    relativePath: item.path,
    tags: item.tags,
  };
  if (item.disambiguatingTags) entry.disambiguatingTags = item.disambiguatingTags;
  return entry;
}
