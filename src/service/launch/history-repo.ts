import { transaction } from "../../db/migrate.ts";
import type { SqlDatabase, SqlStatement } from "../../runtime/types.ts";

/** How many launch history entries are kept; older ones are deleted as new ones arrive. */
export const HISTORY_RETENTION = 1000;

export interface HistoryEntry {
  type: string;
  uid: string;
  text: string;
  data: string;
  success: boolean;
  /** RFC 3339 with fractional seconds and offset. */
  time: string;
  /** Why the launch failed; empty on success. Kept in the database and the log, not sent by the API. */
  error: string;
}

interface Row {
  type: string;
  uid: string;
  text: string;
  data: string;
  success: number;
  time: string;
  error: string;
}

/** Launch history in the user database (table `history`); each write is one small transaction. */
export class HistoryRepository {
  private insert: SqlStatement | null = null;
  private prune: SqlStatement | null = null;

  constructor(
    private readonly db: SqlDatabase,
    private readonly retention = HISTORY_RETENTION,
  ) {}

  add(e: HistoryEntry): void {
    this.insert ??= this.db.prepare("INSERT INTO history (time, type, uid, text, data, success, error) VALUES (?, ?, ?, ?, ?, ?, ?)");
    this.prune ??= this.db.prepare("DELETE FROM history WHERE id <= ?");
    transaction(this.db, () => {
      const { lastInsertRowid } = this.insert!.run(e.time, e.type, e.uid, e.text, e.data, e.success ? 1 : 0, e.error);
      const cutoff = Number(lastInsertRowid) - this.retention;
      if (cutoff > 0) this.prune!.run(cutoff);
    });
  }

  /** Newest first. */
  list(limit = this.retention): HistoryEntry[] {
    return this.db
      .prepare("SELECT type, uid, text, data, success, time, error FROM history ORDER BY id DESC LIMIT ?")
      .all<Row>(limit)
      .map((r) => ({ ...r, success: r.success !== 0 }));
  }
}
