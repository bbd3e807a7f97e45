import { transaction } from "../../db/migrate.ts";
import type { SqlDatabase } from "../../runtime/types.ts";

/** One stored message; `created` in ms since the epoch, `category` null for messages that never merge. */
export interface InboxRow {
  id: number;
  title: string;
  body: string;
  severity: number;
  category: string | null;
  profileId: number;
  created: number;
}

export type NewInboxRow = Omit<InboxRow, "id">;

const COLUMNS = "id, title, body, severity, category, profile_id AS profileId, created";

/**
 * The `inbox` table of the user database. A message with a category replaces the one of the same category and
 * profile (same id, new text and time); at most `limit` messages are kept, the oldest dropped.
 */
export class InboxRepository {
  constructor(
    private readonly db: SqlDatabase,
    private readonly limit: number,
  ) {}

  /** Newest first. */
  list(): InboxRow[] {
    return this.db.prepare(`SELECT ${COLUMNS} FROM inbox ORDER BY created DESC, id DESC LIMIT ?`).all<InboxRow>(this.limit);
  }

  /** Stores the message (or refreshes its category's entry) and returns it as stored. */
  put(m: NewInboxRow): InboxRow {
    return transaction(this.db, () => {
      const existing =
        m.category === null
          ? undefined
          : this.db.prepare("SELECT id FROM inbox WHERE category = ? AND profile_id = ?").get<{ id: number }>(m.category, m.profileId);
      let id: number;
      if (existing) {
        id = existing.id;
        this.db.prepare("UPDATE inbox SET title = ?, body = ?, severity = ?, created = ? WHERE id = ?").run(m.title, m.body, m.severity, m.created, id);
      } else {
        id = this.db
          .prepare("INSERT INTO inbox (title, body, severity, category, profile_id, created) VALUES (?, ?, ?, ?, ?, ?)")
          .run(m.title, m.body, m.severity, m.category, m.profileId, m.created).lastInsertRowid;
      }
      this.db.prepare("DELETE FROM inbox WHERE id NOT IN (SELECT id FROM inbox ORDER BY created DESC, id DESC LIMIT ?)").run(this.limit);
      return { id, ...m };
    });
  }

  delete(id: number): boolean {
    return this.db.prepare("DELETE FROM inbox WHERE id = ?").run(id).changes > 0;
  }

  clear(): number {
    return this.db.prepare("DELETE FROM inbox").run().changes;
  }
}
