import type { Interval } from "../../core/playtime/budget.ts";
import type { SqlDatabase } from "../../runtime/types.ts";

/** Games played, one row each (`play_sessions`), so usage survives restarts. Times in ms since the epoch. */
export class UsageRepository {
  constructor(private readonly db: SqlDatabase) {}

  /** Records a game that starts now; returns its row id. */
  open(profileId: string, started: number, systemId: string, mediaName: string): number {
    return this.db.prepare("INSERT INTO play_sessions (profile_id, started, ended, open, system_id, media_name) VALUES (?, ?, ?, 1, ?, ?)").run(profileId, started, started, systemId, mediaName).lastInsertRowid;
  }

  /** Moves a running game's end forward (a crash loses at most the time since the last beat). */
  beat(id: number, now: number): void {
    this.db.prepare("UPDATE play_sessions SET ended = max(ended, ?) WHERE id = ? AND open = 1").run(now, id);
  }

  close(id: number, end: number): void {
    this.db.prepare("UPDATE play_sessions SET ended = max(ended, ?), open = 0 WHERE id = ?").run(end, id);
  }

  /** At start: games left open by a stop or crash end at their last beat. Returns how many. */
  closeHanging(): number {
    return this.db.prepare("UPDATE play_sessions SET open = 0 WHERE open = 1").run().changes;
  }

  /** Closed games that ended after `from`, of one profile or (profileId null) of everyone. */
  closedSince(from: number, profileId: string | null): Interval[] {
    const sql = `SELECT started AS start, ended AS end FROM play_sessions WHERE open = 0 AND ended > ?${profileId === null ? "" : " AND profile_id = ?"}`;
    const params = profileId === null ? [from] : [from, profileId];
    return this.db.prepare(sql).all<Interval>(...params);
  }

  /** The latest closed games, newest first. */
  latest(limit: number): Interval[] {
    return this.db.prepare("SELECT started AS start, ended AS end FROM play_sessions WHERE open = 0 ORDER BY ended DESC, id DESC LIMIT ?").all<Interval>(limit);
  }

  /** Forgets games that ended before `before`. */
  prune(before: number): number {
    return this.db.prepare("DELETE FROM play_sessions WHERE open = 0 AND ended < ?").run(before).changes;
  }
}
