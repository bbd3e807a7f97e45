import type { SqlDatabase } from "../../runtime/types.ts";

/** How long a host's answer (publishes scripts or not) is trusted before its /.well-known/zaparoo is asked again. */
export const HOST_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Most scripts kept for links whose host cannot be reached; the least recently fetched go first. */
export const MAX_CACHED_SCRIPTS = 500;

/**
 * What is remembered about ZapLinks in the user database: each origin's `zapscript` level from its
 * /.well-known/zaparoo (0: does not publish scripts) with when it was asked, and the last script fetched from each
 * link (played when its host is offline, as the reference does).
 */
export class ZapLinkStore {
  constructor(
    private readonly db: SqlDatabase,
    private readonly now: () => number,
  ) {}

  /** The origin's level, or undefined when unknown or older than HOST_TTL_MS. */
  host(origin: string): number | undefined {
    const row = this.db.prepare("SELECT zapscript, checked FROM zaplink_hosts WHERE origin = ?").all<{ zapscript: number; checked: number }>(origin)[0];
    if (!row || this.now() - row.checked > HOST_TTL_MS) return undefined;
    return row.zapscript;
  }

  setHost(origin: string, zapscript: number): void {
    const now = this.now();
    this.db.prepare("INSERT INTO zaplink_hosts (origin, zapscript, checked) VALUES (?, ?, ?) ON CONFLICT(origin) DO UPDATE SET zapscript = excluded.zapscript, checked = excluded.checked").run(origin, zapscript, now);
    this.db.prepare("DELETE FROM zaplink_hosts WHERE checked < ?").run(now - HOST_TTL_MS);
  }

  cached(url: string): string | undefined {
    return this.db.prepare("SELECT script FROM zaplink_cache WHERE url = ?").all<{ script: string }>(url)[0]?.script;
  }

  setCached(url: string, script: string): void {
    this.db.prepare("INSERT INTO zaplink_cache (url, script, updated) VALUES (?, ?, ?) ON CONFLICT(url) DO UPDATE SET script = excluded.script, updated = excluded.updated").run(url, script, this.now());
    this.db.prepare("DELETE FROM zaplink_cache WHERE url NOT IN (SELECT url FROM zaplink_cache ORDER BY updated DESC LIMIT ?)").run(MAX_CACHED_SCRIPTS);
  }
}
