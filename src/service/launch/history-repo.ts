import { transaction } from "../../db/migrate.ts";
import type { SqlDatabase, SqlStatement } from "../../runtime/types.ts";

/** How many launch history entries are kept; older ones are deleted as new ones arrive. */
export const HISTORY_RETENTION = 1000;
/** How many of the newest entries `list` returns with their trace (each up to 16 KiB); older ones: `get`. */
export const HISTORY_TRACES = 20;

export interface HistoryEntry {
  /** Row id (set when read back). */
  id?: number;
  type: string;
  uid: string;
  text: string;
  data: string;
  success: boolean;
  /** RFC 3339 with fractional seconds and offset. */
  time: string;
  /** Why the launch failed; empty on success. Kept in the database and the log, not sent by the API. */
  error: string;
  /** The scan trace as JSON (src/core/trace/); absent on rows written before traces existed. */
  traceJson?: string;
}

interface Row {
  id: number;
  type: string;
  uid: string;
  text: string;
  data: string;
  success: number;
  time: string;
  error: string;
  trace: string | null;
}

const COLUMNS = "id, type, uid, text, data, success, time, error";

function entry({ trace, ...r }: Row): HistoryEntry {
  return { ...r, success: r.success !== 0, ...(trace ? { traceJson: trace } : {}) };
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
    this.insert ??= this.db.prepare("INSERT INTO history (time, type, uid, text, data, success, error, trace) VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
    this.prune ??= this.db.prepare("DELETE FROM history WHERE id <= ?");
    transaction(this.db, () => {
      const { lastInsertRowid } = this.insert!.run(e.time, e.type, e.uid, e.text, e.data, e.success ? 1 : 0, e.error, e.traceJson ?? null);
      const cutoff = Number(lastInsertRowid) - this.retention;
      if (cutoff > 0) this.prune!.run(cutoff);
    });
  }

  /** Newest first; the newest `traces` entries carry their trace. */
  list(limit = this.retention, traces = HISTORY_TRACES): HistoryEntry[] {
    return this.db
      .prepare(`SELECT ${COLUMNS}, CASE WHEN id > (SELECT MAX(id) FROM history) - ? THEN trace END AS trace FROM history ORDER BY id DESC LIMIT ?`)
      .all<Row>(traces, limit)
      .map(entry);
  }

  /** One entry with its trace, or undefined when it is gone (pruned) or never was. */
  get(id: number): HistoryEntry | undefined {
    const row = this.db.prepare(`SELECT ${COLUMNS}, trace FROM history WHERE id = ?`).all<Row>(id)[0];
    return row ? entry(row) : undefined;
  }
}
