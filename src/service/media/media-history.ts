import type { ActiveMedia } from "../../core/media-types.ts";
import type { SqlDatabase, SqlValue } from "../../runtime/types.ts";
import type { ServiceEvents } from "../events.ts";

/** Sessions kept (oldest dropped first). */
export const MAX_MEDIA_HISTORY = 10_000;

/** A play row of playtime opened this long before media.started reached the history is the same play. */
export const TWIN_MS = 2_000;

/** RFC 3339 to the second, as the reference sends these times. */
const rfc3339s = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");

interface Row {
  id: number;
  system_id: string;
  system_name: string;
  media_name: string;
  media_path: string;
  launcher_id: string;
  started: number;
  stopped: number | null;
  play_time: number;
}

export interface HistoryPage {
  entries: Array<{ id: number; systemId: string; systemName: string; mediaName: string; mediaPath: string; launcherId: string; startedAt: string; endedAt?: string; playTime: number }>;
  /** Id of the last entry when more follow (the next page starts below it). */
  nextBelow?: number;
}

export interface TopEntry {
  systemId: string;
  systemName: string;
  mediaName: string;
  mediaPath: string;
  lastPlayedAt: string;
  totalPlayTime: number;
  sessionCount: number;
}

/**
 * What was played, one row per session (the `listed` rows of the user database's `plays`, shared with playtime:
 * src/db/migrations/user-v10-plays.ts): a row when media starts, closed with its end time and play time (seconds)
 * when it stops. Fed by the media.started / media.stopped events
 * of the primary slot, so launches, platform watchers and `media.active.update` all count.
 */
export class MediaHistory {
  private readonly unsubscribe: () => void;

  constructor(
    private readonly db: SqlDatabase,
    events: ServiceEvents,
    private readonly now: () => number,
    private readonly current: () => ActiveMedia | null,
  ) {
    this.unsubscribe = events.subscribe((name, params) => {
      if (name === "media.started") this.started(params as { systemId: string; systemName: string; mediaName: string; mediaPath: string; slot?: string });
      else if (name === "media.stopped") this.stopped(params as { elapsed?: number; slot?: string });
    });
  }

  close(): void {
    this.unsubscribe();
  }

  private started(p: { systemId: string; systemName: string; mediaName: string; mediaPath: string; slot?: string }): void {
    if (p.slot === "background") return;
    const now = this.now();
    const launcher = this.current()?.launcherId ?? "";
    // playtime may have opened this play's row already (both follow media.started): it becomes one row
    const twin = this.db
      .prepare(`UPDATE plays SET listed = 1, system_name = ?, media_path = ?, launcher_id = ? WHERE id = (
        SELECT id FROM plays WHERE listed = 0 AND timed = 1 AND open = 1 AND system_id = ? AND media_name = ? AND started >= ? ORDER BY id DESC LIMIT 1)`)
      .run(p.systemName, p.mediaPath, launcher, p.systemId, p.mediaName, now - TWIN_MS);
    const id = twin.changes
      ? this.db.prepare("SELECT max(id) AS id FROM plays WHERE listed = 1").get<{ id: number }>()!.id
      : this.db
          .prepare("INSERT INTO plays (system_id, system_name, media_name, media_path, launcher_id, started, ended, open, listed) VALUES (?, ?, ?, ?, ?, ?, ?, 0, 1)")
          .run(p.systemId, p.systemName, p.mediaName, p.mediaPath, launcher, now, now).lastInsertRowid;
    // the oldest plays leave the history; those playtime still counts stay as its rows
    this.db.prepare("DELETE FROM plays WHERE listed = 1 AND timed = 0 AND id <= ?").run(id - MAX_MEDIA_HISTORY);
    this.db.prepare("UPDATE plays SET listed = 0 WHERE listed = 1 AND id <= ?").run(id - MAX_MEDIA_HISTORY);
  }

  private stopped(p: { elapsed?: number; slot?: string }): void {
    if (p.slot === "background") return;
    const open = this.db.prepare("SELECT id, started FROM plays WHERE listed = 1 AND stopped IS NULL ORDER BY id DESC LIMIT 1").get<{ id: number; started: number }>();
    if (!open) return;
    const end = this.now();
    const playTime = p.elapsed ?? Math.max(0, Math.round((end - open.started) / 1000));
    this.db.prepare("UPDATE plays SET stopped = ?, play_time = ? WHERE id = ?").run(end, playTime, open.id);
  }

  /** Sessions, newest first; `below` continues a page; `distinct` keeps the newest session of each media. */
  list(opts: { limit: number; below?: number; systems?: readonly string[]; distinct?: boolean }): HistoryPage {
    const where: string[] = ["listed = 1"];
    const args: SqlValue[] = [];
    if (opts.below !== undefined) (where.push("id < ?"), args.push(opts.below));
    if (opts.systems?.length) (where.push(`system_id IN (${opts.systems.map(() => "?").join(",")})`), args.push(...opts.systems));
    if (opts.distinct) where.push("id IN (SELECT MAX(id) FROM plays WHERE listed = 1 GROUP BY system_id, media_path)");
    const sql = `SELECT * FROM plays WHERE ${where.join(" AND ")} ORDER BY id DESC LIMIT ?`;
    const rows = this.db.prepare(sql).all<Row>(...args, opts.limit + 1);
    const more = rows.length > opts.limit;
    const page = rows.slice(0, opts.limit);
    return {
      entries: page.map((r) => ({
        id: r.id,
        systemId: r.system_id,
        systemName: r.system_name,
        mediaName: r.media_name,
        mediaPath: r.media_path,
        launcherId: r.launcher_id,
        startedAt: rfc3339s(r.started),
        ...(r.stopped !== null ? { endedAt: rfc3339s(r.stopped) } : {}),
        playTime: r.play_time,
      })),
      ...(more ? { nextBelow: page.at(-1)!.id } : {}),
    };
  }

  /** The newest session, if any. */
  latest(): HistoryPage["entries"][number] | undefined {
    return this.list({ limit: 1 }).entries[0];
  }

  /** Media by total play time (most first), with their session count and last start; `since` (ms) bounds sessions. */
  top(opts: { limit: number; systems?: readonly string[]; since?: number }): TopEntry[] {
    const where: string[] = ["listed = 1"];
    const args: SqlValue[] = [];
    if (opts.since !== undefined) (where.push("started >= ?"), args.push(opts.since));
    if (opts.systems?.length) (where.push(`system_id IN (${opts.systems.map(() => "?").join(",")})`), args.push(...opts.systems));
    const sql = `SELECT system_id, system_name, media_name, media_path, MAX(started) AS last, COALESCE(SUM(play_time), 0) AS total, COUNT(*) AS sessions
      FROM plays WHERE ${where.join(" AND ")}
      GROUP BY system_id, media_path ORDER BY total DESC, last DESC LIMIT ?`;
    return this.db
      .prepare(sql)
      .all<Row & { last: number; total: number; sessions: number }>(...args, opts.limit)
      .map((r) => ({
        systemId: r.system_id,
        systemName: r.system_name,
        mediaName: r.media_name,
        mediaPath: r.media_path,
        lastPlayedAt: rfc3339s(r.last),
        totalPlayTime: r.total,
        sessionCount: r.sessions,
      }));
  }
}
