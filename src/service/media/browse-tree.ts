import type { SqlDatabase } from "../../runtime/types.ts";
import type { TitleOrder } from "./title-order-rows.ts";

/** One `dirs` row of the index with the id range of its media (a folder's media are mostly contiguous). */
export interface IndexedDir {
  id: number;
  abs: string;
  rel: string;
  system: string;
  lo: number;
  hi: number;
  count: number;
}

/** A folder on disk as browse shows it: what the index holds in it directly and below it. */
export interface BrowseNode {
  abs: string;
  /** The index's folders at this path (one per system using it). */
  direct: IndexedDir[];
  /** Child folders (absolute paths) holding media somewhere below. */
  children: Set<string>;
  /** Media at and below this folder, per system id. */
  counts: Map<string, number>;
}

/** Media rows read per step while a tree is built. */
const BUILD_CHUNK = 16_384;

const parentOf = (p: string) => {
  const i = p.lastIndexOf("/");
  return i <= 0 ? "/" : p.slice(0, i);
};

/**
 * The folder tree of one media index, built once per index file from its `dirs` and `media` rows: folders as
 * on disk under each root (a .zip read as a folder is one too), media counts per system, each system's
 * folders, and where the media of a compressed `<SystemId>/<path>` live (to find a media without a full scan).
 */
export class BrowseTree {
  readonly nodes = new Map<string, BrowseNode>();
  /** The root folders holding indexed media. */
  readonly tops = new Set<string>();
  /** Each system's folders (the ones its compressed paths start from), absolute. */
  readonly systemFolders = new Map<string, Set<string>>();
  private readonly byRel = new Map<string, IndexedDir[]>();

  private constructor(
    /** The index file it was built from (a new file means a new tree). */
    readonly db: SqlDatabase,
    /** The title order of an index file (the media store's, which the search shares). */
    private readonly titleOrderOf: (db: SqlDatabase) => TitleOrder,
  ) {}

  /**
   * Reads the folder tree of an index: the media's folders in chunks of BUILD_CHUNK rows (a 500k index is read
   * in about half a second), yielding between chunks so searches and other requests are served meanwhile.
   */
  static async build(db: SqlDatabase, roots: readonly string[], yieldNow: () => Promise<void>, titleOrderOf: (db: SqlDatabase) => TitleOrder): Promise<BrowseTree> {
    const tree = new BrowseTree(db, titleOrderOf);
    const ranges = new Map<number, { lo: number; hi: number; count: number }>();
    const max = db.prepare("SELECT max(id) AS n FROM media").get<{ n: number | null }>()?.n ?? 0;
    const chunk = db.prepare("SELECT id, dir FROM media WHERE id BETWEEN ? AND ?");
    for (let from = 1; from <= max; from += BUILD_CHUNK) {
      for (const { id, dir } of chunk.all<{ id: number; dir: number }>(from, from + BUILD_CHUNK - 1)) {
        const r = ranges.get(dir);
        if (!r) ranges.set(dir, { lo: id, hi: id, count: 1 });
        else {
          r.hi = id; // rows come in id order
          r.count++;
        }
      }
      await yieldNow();
    }
    const dirs = db.prepare("SELECT id, abs, rel FROM dirs").all<{ id: number; abs: string; rel: string }>();
    tree.add(
      dirs.flatMap((d) => {
        const r = ranges.get(d.id);
        return r ? [{ ...d, ...r }] : [];
      }),
      roots,
    );
    return tree;
  }

  private add(rows: readonly Omit<IndexedDir, "system">[], roots: readonly string[]): void {
    const sortedRoots = [...roots].sort((a, b) => b.length - a.length);
    for (const r of rows) {
      const segments = r.rel.split("/");
      const dir: IndexedDir = { ...r, system: segments[0] as string };
      const list = this.byRel.get(r.rel);
      if (list) list.push(dir);
      else this.byRel.set(r.rel, [dir]);
      if (r.rel.includes("://")) continue; // a store game (steam://440) is no folder: found by search, not browsed
      let folder = r.abs;
      for (let i = 1; i < segments.length; i++) folder = parentOf(folder);
      let folders = this.systemFolders.get(dir.system);
      if (!folders) this.systemFolders.set(dir.system, (folders = new Set()));
      folders.add(folder);
      const top = sortedRoots.find((root) => r.abs === root || r.abs.startsWith(`${root}/`)) ?? parentOf(folder);
      this.tops.add(top);
      this.node(r.abs).direct.push(dir);
      for (let p = r.abs; ; p = parentOf(p)) {
        const n = this.node(p);
        n.counts.set(dir.system, (n.counts.get(dir.system) ?? 0) + r.count);
        if (p === top || p === "/") break;
        this.node(parentOf(p)).children.add(p);
      }
    }
  }

  /** Each media id's place in the index's title order (lowercased title, then id). */
  ranks(): Int32Array {
    return this.titleOrderOf(this.db).rank;
  }

  /** The media ids in the index's title order (lowercased title, then id). */
  order(): Int32Array {
    return this.titleOrderOf(this.db).order;
  }

  /** Media of `node` (at and below), of `systems` only when given. */
  static count(node: BrowseNode, systems: readonly string[]): number {
    let n = 0;
    for (const [system, c] of node.counts) if (systems.length === 0 || systems.includes(system)) n += c;
    return n;
  }

  /** The id of the media `<SystemId>/<path>` (compressed, as results carry it) in this index, if present. */
  locate(path: string): number | undefined {
    const slash = path.lastIndexOf("/");
    if (slash <= 0) return undefined;
    return this.find(this.byRel.get(path.slice(0, slash)) ?? [], path.slice(slash + 1));
  }

  /** The id of the media at absolute `path`, if indexed. */
  locateAbsolute(path: string): number | undefined {
    const slash = path.lastIndexOf("/");
    if (slash <= 0) return undefined;
    return this.find(this.nodes.get(path.slice(0, slash))?.direct ?? [], path.slice(slash + 1));
  }

  private find(dirs: readonly IndexedDir[], file: string): number | undefined {
    const q = this.db.prepare("SELECT id FROM media WHERE id BETWEEN ? AND ? AND dir = ? AND file = ? LIMIT 1");
    for (const d of dirs) {
      const row = q.get<{ id: number }>(d.lo, d.hi, d.id, file);
      if (row) return row.id;
    }
    return undefined;
  }

  private node(abs: string): BrowseNode {
    let n = this.nodes.get(abs);
    if (!n) this.nodes.set(abs, (n = { abs, direct: [], children: new Set(), counts: new Map() }));
    return n;
  }
}
