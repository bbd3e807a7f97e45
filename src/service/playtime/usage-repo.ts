import type { Interval } from "../../core/playtime/budget.ts";
import type { SqlDatabase } from "../../runtime/types.ts";

/** A history row of media.started this long before playtime opens its game is the same play. */
const TWIN_MS = 2_000;

/**
 * Games played, as playtime counts them: the `timed` rows of the user database's `plays` (shared with the media
 * history, src/db/migrations/user-v10-plays.ts), so usage survives restarts. Times in ms since the epoch.
 */
export class UsageRepository {
  constructor(private readonly db: SqlDatabase) {}

  /** Records a game that starts now (on the history's row of the same play when it has one); returns its row id. */
  open(profileId: string, started: number, systemId: string, mediaName: string): number {
    const twin =
      mediaName === ""
        ? undefined
        : this.db
            .prepare("SELECT id FROM plays WHERE listed = 1 AND timed = 0 AND stopped IS NULL AND system_id = ? AND media_name = ? AND started >= ? ORDER BY id DESC LIMIT 1")
            .get<{ id: number }>(systemId, mediaName, started - TWIN_MS);
    if (twin) {
      this.db.prepare("UPDATE plays SET timed = 1, open = 1, profile_id = ?, ended = ? WHERE id = ?").run(profileId, started, twin.id);
      return twin.id;
    }
    return this.db
      .prepare("INSERT INTO plays (profile_id, started, ended, open, system_id, media_name, timed) VALUES (?, ?, ?, 1, ?, ?, 1)")
      .run(profileId, started, started, systemId, mediaName).lastInsertRowid;
  }

  /** Moves a running game's end forward (a crash loses at most the time since the last beat). */
  beat(id: number, now: number): void {
    this.db.prepare("UPDATE plays SET ended = max(ended, ?) WHERE id = ? AND open = 1 AND timed = 1").run(now, id);
  }

  close(id: number, end: number): void {
    this.db.prepare("UPDATE plays SET ended = max(ended, ?), open = 0 WHERE id = ? AND timed = 1").run(end, id);
  }

  /** At start: games left open by a stop or crash end at their last beat. Returns how many. */
  closeHanging(): number {
    return this.db.prepare("UPDATE plays SET open = 0 WHERE open = 1 AND timed = 1").run().changes;
  }

  /** Closed games that ended after `from`, of one profile or (profileId null) of everyone. */
  closedSince(from: number, profileId: string | null): Interval[] {
    const sql = `SELECT started AS start, ended AS end FROM plays WHERE timed = 1 AND open = 0 AND ended > ?${profileId === null ? "" : " AND profile_id = ?"}`;
    const params = profileId === null ? [from] : [from, profileId];
    return this.db.prepare(sql).all<Interval>(...params);
  }

  /** The latest closed games, newest first. */
  latest(limit: number): Interval[] {
    return this.db.prepare("SELECT started AS start, ended AS end FROM plays WHERE timed = 1 AND open = 0 ORDER BY ended DESC, id DESC LIMIT ?").all<Interval>(limit);
  }

  /** Forgets games that ended before `before` (a play the history still lists stays there, uncounted). */
  prune(before: number): number {
    const gone = this.db.prepare("DELETE FROM plays WHERE timed = 1 AND listed = 0 AND open = 0 AND ended < ?").run(before).changes;
    return gone + this.db.prepare("UPDATE plays SET timed = 0 WHERE timed = 1 AND listed = 1 AND open = 0 AND ended < ?").run(before).changes;
  }
}
