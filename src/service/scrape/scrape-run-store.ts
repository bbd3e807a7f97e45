import { log } from "../../log.ts";
import type { SqlDatabase } from "../../runtime/types.ts";
import type { MediaStore } from "../media/media-store.ts";

const logger = log.withTag("scrape");

/** Counts a run has reached (summed over the systems it finished). */
export interface ScrapeCounts {
  processed: number;
  total: number;
  matched: number;
  skipped: number;
}

/** A scrape run as it is kept in the media index while it goes on: what it was asked, what it finished. */
export interface ScrapeRunRecord {
  scraperId: string;
  /** The systems it scrapes, in order (its steps). */
  plan: string[];
  force: boolean;
  /** Systems it finished, in order. */
  done: string[];
  counts: ScrapeCounts;
}

/**
 * The durable state of the scrape run going on (media index tables `scrape_run`, `scrape_done`), written as it
 * goes: a run cut off by a restart (kill, power cut, stop) is found at the next start and goes on after its last
 * finished system; in a system it was in, files already done are skipped (a forced run's are listed in
 * `scrape_done`, an unforced one's are the scraper's done files anyway).
 */
export class ScrapeRunStore {
  constructor(private readonly store: MediaStore) {}

  private get db(): SqlDatabase | null {
    return this.store.database;
  }

  /** The run record left in the served index, if any (an unreadable one is dropped). */
  load(): ScrapeRunRecord | null {
    const row = this.db?.prepare("SELECT value FROM scrape_run WHERE key = 'run'").get<{ value: string }>();
    if (!row) return null;
    try {
      const r = JSON.parse(row.value) as ScrapeRunRecord;
      if (typeof r.scraperId !== "string" || !Array.isArray(r.plan) || !Array.isArray(r.done) || typeof r.counts !== "object") throw new Error("bad shape");
      return r;
    } catch (err) {
      logger.warn(`dropping an unreadable scrape run record: ${(err as Error).message}`);
      this.clear();
      return null;
    }
  }

  /** Writes the record (a new run: `fresh` forgets the files an older run had done). */
  save(record: ScrapeRunRecord, fresh = false): void {
    const db = this.db;
    if (!db) return;
    db.exec("BEGIN");
    try {
      if (fresh) db.exec("DELETE FROM scrape_done");
      db.prepare("INSERT OR REPLACE INTO scrape_run (key, value) VALUES ('run', ?)").run(JSON.stringify(record));
      db.exec("COMMIT");
    } catch (err) {
      db.exec("ROLLBACK");
      throw err;
    }
  }

  /** Files this (forced) run has written so far. */
  doneFiles(): Set<string> {
    return new Set(this.db?.prepare("SELECT path FROM scrape_done").all<{ path: string }>().map((r) => r.path) ?? []);
  }

  /** Notes a file as written by this run (called inside the scraper's write transaction). */
  markDone(abs: string): void {
    this.db?.prepare("INSERT OR IGNORE INTO scrape_done (path) VALUES (?)").run(abs);
  }

  /** Forgets the run (finished, cancelled or failed). */
  clear(): void {
    const db = this.db;
    if (!db) return;
    db.exec("DELETE FROM scrape_run");
    db.exec("DELETE FROM scrape_done");
  }
}
