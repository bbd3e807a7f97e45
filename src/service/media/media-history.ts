import type { ActiveMedia } from "../../core/media-types.ts";
import type { SqlDatabase, SqlValue } from "../../runtime/types.ts";
import type { ServiceEvents } from "../events.ts";

/** Sessions kept (oldest dropped first). */
export const MAX_MEDIA_HISTORY = 10_000;

/** RFC 3339 to the second, as the reference sends these times. */
const rfc3339s = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");

interface Row {
  id: number;
  system_id: string;
  system_name: string;
  media_name: string;
  media_path: string;
  launcher_id: string;
  started_at: number;
  ended_at: number | null;
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
 * What was played, one row per session (table `media_history` of the user database): a row when media starts,
 * closed with its end time and play time (seconds) when it stops. Fed by the media.started / media.stopped events
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
    const { lastInsertRowid } = this.db
      .prepare("INSERT INTO media_history (system_id, system_name, media_name, media_path, launcher_id, started_at) VALUES (?, ?, ?, ?, ?, ?)")
      .run(p.systemId, p.systemName, p.mediaName, p.mediaPath, this.current()?.launcherId ?? "", this.now());
    this.db.prepare("DELETE FROM media_history WHERE id <= ?").run(lastInsertRowid - MAX_MEDIA_HISTORY);
  }

  private stopped(p: { elapsed?: number; slot?: string }): void {
    if (p.slot === "background") return;
    const open = this.db.prepare("SELECT id, started_at FROM media_history WHERE ended_at IS NULL ORDER BY id DESC LIMIT 1").get<{ id: number; started_at: number }>();
    if (!open) return;
    const end = this.now();
    const playTime = p.elapsed ?? Math.max(0, Math.round((end - open.started_at) / 1000));
    this.db.prepare("UPDATE media_history SET ended_at = ?, play_time = ? WHERE id = ?").run(end, playTime, open.id);
  }

  /** Sessions, newest first; `below` continues a page; `distinct` keeps the newest session of each media. */
  list(opts: { limit: number; below?: number; systems?: readonly string[]; distinct?: boolean }): HistoryPage {
    const where: string[] = [];
    const args: SqlValue[] = [];
    if (opts.below !== undefined) (where.push("id < ?"), args.push(opts.below));
    if (opts.systems?.length) (where.push(`system_id IN (${opts.systems.map(() => "?").join(",")})`), args.push(...opts.systems));
    if (opts.distinct) where.push("id IN (SELECT MAX(id) FROM media_history GROUP BY system_id, media_path)");
    const sql = `SELECT * FROM media_history ${where.length ? `WHERE ${where.join(" AND ")}` : ""} ORDER BY id DESC LIMIT ?`;
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
        startedAt: rfc3339s(r.started_at),
        ...(r.ended_at !== null ? { endedAt: rfc3339s(r.ended_at) } : {}),
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
    const where: string[] = [];
    const args: SqlValue[] = [];
    if (opts.since !== undefined) (where.push("started_at >= ?"), args.push(opts.since));
    if (opts.systems?.length) (where.push(`system_id IN (${opts.systems.map(() => "?").join(",")})`), args.push(...opts.systems));
    const sql = `SELECT system_id, system_name, media_name, media_path, MAX(started_at) AS last, SUM(play_time) AS total, COUNT(*) AS sessions
      FROM media_history ${where.length ? `WHERE ${where.join(" AND ")}` : ""}
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
