import type { QueueData } from "../../core/cards/queue-state.ts";
import type { SqlDatabase } from "../../runtime/types.ts";
import { log } from "../../log.ts";

const logger = log.withTag("cards");

/** The one write queue's persisted state (`card_queue`, one row), so a restart resumes it. */
export class QueueStore {
  constructor(
    private readonly db: SqlDatabase,
    private readonly now: () => number,
  ) {}

  load(): QueueData | null {
    const row = this.db.prepare("SELECT data FROM card_queue WHERE id = 1").get<{ data: string }>();
    if (!row) return null;
    try {
      const data = JSON.parse(row.data) as QueueData;
      if (!Array.isArray(data.entries) || typeof data.setId !== "number") throw new Error("not a queue");
      return data;
    } catch (err) {
      logger.warn(`the saved write queue could not be read (${(err as Error).message}); starting without one`);
      return null;
    }
  }

  save(data: QueueData): void {
    this.db.prepare("INSERT OR REPLACE INTO card_queue (id, set_id, data, updated) VALUES (1, ?, ?, ?)").run(data.setId, JSON.stringify(data), this.now());
  }

  clear(): void {
    this.db.prepare("DELETE FROM card_queue").run();
  }
}
