import { rowTags, rowTitle } from "../../core/media/row-names.ts";
import { log } from "../../log.ts";
import type { SqlDatabase } from "../../runtime/types.ts";
import type { MediaStore } from "../media/media-store.ts";

const logger = log.withTag("scrape");

/** One indexed media file as the scrapers and `media.meta` see it. */
export interface MediaRow {
  id: number;
  system: string;
  /** Absolute path of the file. */
  abs: string;
  /** `<SystemId>/<path>` as search results name it. */
  path: string;
  file: string;
  title: string;
  /** Its file-name tags (`type:value`, space separated). */
  tags: string;
}

/** Lowercased title: the key title-level metadata is stored under (shared by a title's releases). */
export const titleKeyOf = (title: string) => title.toLowerCase();

/**
 * Copies the scraped metadata of the served index (and a paused scrape run's record) into a new index file before
 * it is swapped in, so metadata survives re-indexing (rows are keyed by title and path, not by media id). A failure is logged: the new index
 * still goes in, without the metadata.
 */
export function carryMeta(served: SqlDatabase, builtPath: string): void {
  try {
    served.prepare("ATTACH DATABASE ? AS built").run(builtPath);
    try {
      served.exec("BEGIN");
      for (const t of ["meta_titles", "meta_media", "meta_scraped", "scrape_run", "scrape_done"]) served.exec(`INSERT OR IGNORE INTO built.${t} SELECT * FROM main.${t}`);
      served.exec("COMMIT");
    } catch (err) {
      served.exec("ROLLBACK");
      throw err;
    } finally {
      served.exec("DETACH DATABASE built");
    }
  } catch (err) {
    logger.warn(`scraped metadata not carried into the new index: ${(err as Error).message}`);
  }
}

const ROW_SELECT = "SELECT m.id AS id, m.file AS file, m.title AS title, m.tags AS tags, d.abs AS abs, d.rel AS rel FROM media m JOIN dirs d ON d.id = m.dir";
type RawRow = { id: number; file: string; title: string | null; tags: string | null; abs: string; rel: string };

/** Scraped metadata in the served media index: reads and writes of the `meta_*` tables, and media look-ups. */
export class MetaStore {
  constructor(private readonly store: MediaStore) {}

  private get db(): SqlDatabase | null {
    return this.store.database;
  }

  private row(system: string, r: RawRow): MediaRow {
    return { id: r.id, system, abs: `${r.abs}/${r.file}`, path: `${r.rel}/${r.file}`, file: r.file, title: rowTitle(r.file, r.title), tags: rowTags(r.file, r.tags, system) };
  }

  /** Every indexed media of a system, in id order. */
  mediaOfSystem(system: string): MediaRow[] {
    const db = this.db;
    const s = this.store.indexedSystems().find((x) => x.id === system);
    if (!db || !s) return [];
    return db.prepare(`${ROW_SELECT} WHERE m.id BETWEEN ? AND ? ORDER BY m.id`).all<RawRow>(s.first, s.last).map((r) => this.row(system, r));
  }

  /** The media with this id in the served index. */
  byId(id: number): MediaRow | undefined {
    const db = this.db;
    const s = this.store.indexedSystems().find((x) => x.first <= id && id <= x.last);
    if (!db || !s) return undefined;
    const r = db.prepare(`${ROW_SELECT} WHERE m.id = ?`).get<RawRow>(id);
    return r ? this.row(s.id, r) : undefined;
  }

  /** The media at a `<SystemId>/<path>` or absolute path (within `system` when given). */
  byPath(path: string, system?: string): MediaRow | undefined {
    const db = this.db;
    const slash = path.lastIndexOf("/");
    if (!db || slash <= 0) return undefined;
    const dir = path.slice(0, slash);
    const file = path.slice(slash + 1);
    const column = path.startsWith("/") ? "abs" : "rel";
    const dirs = db.prepare(`SELECT id FROM dirs WHERE ${column} = ?`).all<{ id: number }>(dir);
    for (const s of this.store.indexedSystems()) {
      if (system !== undefined && s.id !== system) continue;
      for (const d of dirs) {
        const r = db.prepare(`${ROW_SELECT} WHERE m.id BETWEEN ? AND ? AND m.dir = ? AND m.file = ?`).get<RawRow>(s.first, s.last, d.id, file);
        if (r) return this.row(s.id, r);
      }
    }
    return undefined;
  }

  /** Media-level properties (artwork `image-<type>` paths) of a file. */
  mediaProps(abs: string): Record<string, string> {
    const rows = this.db?.prepare("SELECT prop, value FROM meta_media WHERE path = ?").all<{ prop: string; value: string }>(abs) ?? [];
    return Object.fromEntries(rows.map((r) => [r.prop, r.value]));
  }

  /** Title-level properties (description, developer …) of a system's title. */
  titleProps(system: string, title: string): Record<string, string> {
    const rows = this.db?.prepare("SELECT prop, value FROM meta_titles WHERE system = ? AND title = ?").all<{ prop: string; value: string }>(system, titleKeyOf(title)) ?? [];
    return Object.fromEntries(rows.map((r) => [r.prop, r.value]));
  }

  /** Writes title properties (an empty value removes one). */
  setTitleProps(system: string, title: string, props: Record<string, string>): void {
    const db = this.db;
    if (!db) return;
    const put = db.prepare("INSERT INTO meta_titles (system, title, prop, value) VALUES (?, ?, ?, ?) ON CONFLICT (system, title, prop) DO UPDATE SET value = excluded.value");
    const del = db.prepare("DELETE FROM meta_titles WHERE system = ? AND title = ? AND prop = ?");
    for (const [k, v] of Object.entries(props)) (v === "" ? del.run(system, titleKeyOf(title), k) : put.run(system, titleKeyOf(title), k, v));
  }

  /** Writes media properties (an empty value removes one). */
  setMediaProps(abs: string, props: Record<string, string>): void {
    const db = this.db;
    if (!db) return;
    const put = db.prepare("INSERT INTO meta_media (path, prop, value) VALUES (?, ?, ?) ON CONFLICT (path, prop) DO UPDATE SET value = excluded.value");
    const del = db.prepare("DELETE FROM meta_media WHERE path = ? AND prop = ?");
    for (const [k, v] of Object.entries(props)) (v === "" ? del.run(abs, k) : put.run(abs, k, v));
  }

  markScraped(abs: string, scraper: string): void {
    this.db?.prepare("INSERT OR IGNORE INTO meta_scraped (path, scraper) VALUES (?, ?)").run(abs, scraper);
  }

  /** The files a scraper has already done. */
  scrapedBy(scraper: string): Set<string> {
    return new Set(this.db?.prepare("SELECT path FROM meta_scraped WHERE scraper = ?").all<{ path: string }>(scraper).map((r) => r.path) ?? []);
  }

  /** How many files any scraper has done. */
  scrapedCount(): number {
    return this.db?.prepare("SELECT count(DISTINCT path) AS n FROM meta_scraped").get<{ n: number }>()?.n ?? 0;
  }

  /** Runs `fn` in one transaction of the served index. */
  transaction(fn: () => void): void {
    const db = this.db;
    if (!db) return;
    db.exec("BEGIN");
    try {
      fn();
      db.exec("COMMIT");
    } catch (err) {
      db.exec("ROLLBACK");
      throw err;
    }
  }
}
