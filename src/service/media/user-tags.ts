import { DomainError } from "../../core/errors.ts";
import { transaction } from "../../db/migrate.ts";
import type { SqlDatabase } from "../../runtime/types.ts";

/** The only tag type a user may set; the phone app's favourites are `user:favorite`. */
export const USER_TAG_TYPE = "user";
const USER_TAG = /^user:[a-z0-9][a-z0-9._-]{0,63}$/;
/** Most user tags one media may carry (a bound on what a remote client can store). */
export const MAX_USER_TAGS_PER_MEDIA = 32;

/** Is `tag` (`type:value`) a user tag (stored here, not in the media index)? */
export function isUserTag(tag: string): boolean {
  return tag.toLowerCase().startsWith(`${USER_TAG_TYPE}:`);
}

/** A user tag as stored: lowercased `user:value`; anything else is refused. */
export function normalizeUserTag(raw: string): string {
  const tag = raw.trim().toLowerCase();
  if (!USER_TAG.test(tag)) throw new DomainError("invalid", `invalid params: only user tags can be changed ("user:<name>", letters, digits, . _ -; was "${raw}")`);
  return tag;
}

/** A media as user tags know it: its system id and compressed `<SystemId>/<path>`, both stable across re-indexing. */
export interface MediaKey {
  system: string;
  path: string;
}

/**
 * Tags users put on media (favourites), in the user database (`media_user_tags`), keyed by system and
 * compressed path, so they survive re-indexing and a rebuilt media index.
 */
export class UserTags {
  constructor(
    private readonly db: SqlDatabase,
    private readonly now: () => number,
  ) {}

  /** Adds then removes (an add wins over a remove of the same tag); returns the media's user tags after. */
  update(key: MediaKey, add: readonly string[], remove: readonly string[]): string[] {
    const adding = new Set(add);
    const ins = this.db.prepare("INSERT OR IGNORE INTO media_user_tags (system, path, tag, added) VALUES (?, ?, ?, ?)");
    const del = this.db.prepare("DELETE FROM media_user_tags WHERE system = ? AND path = ? AND tag = ?");
    transaction(this.db, () => {
      for (const tag of remove) if (!adding.has(tag)) del.run(key.system, key.path, tag);
      for (const tag of adding) ins.run(key.system, key.path, tag, this.now());
      if (this.of(key).length > MAX_USER_TAGS_PER_MEDIA) throw new DomainError("invalid", `invalid params: a media carries at most ${MAX_USER_TAGS_PER_MEDIA} user tags`);
    });
    return this.of(key);
  }

  /** The user tags of one media, sorted. */
  of(key: MediaKey): string[] {
    return this.db
      .prepare("SELECT tag FROM media_user_tags WHERE system = ? AND path = ? ORDER BY tag")
      .all<{ tag: string }>(key.system, key.path)
      .map((r) => r.tag);
  }

  /** The user tags of many media at once: `system\0path` → tags (only media that carry some). */
  ofMany(keys: readonly MediaKey[]): Map<string, string[]> {
    const out = new Map<string, string[]>();
    if (keys.length === 0 || !this.any()) return out;
    const rows = this.db
      .prepare(
        "SELECT u.system AS system, u.path AS path, u.tag AS tag FROM media_user_tags u JOIN (SELECT json_extract(value, '$[0]') AS s, json_extract(value, '$[1]') AS p FROM json_each(?)) k ON u.system = k.s AND u.path = k.p ORDER BY u.tag",
      )
      .all<{ system: string; path: string; tag: string }>(JSON.stringify(keys.map((k) => [k.system, k.path])));
    for (const r of rows) {
      const k = `${r.system}\0${r.path}`;
      const list = out.get(k);
      if (list) list.push(r.tag);
      else out.set(k, [r.tag]);
    }
    return out;
  }

  /** The media carrying `tag` (of `systems` only when given). */
  withTag(tag: string, systems: readonly string[]): MediaKey[] {
    return systems.length === 0
      ? this.db.prepare("SELECT system, path FROM media_user_tags WHERE tag = ?").all<MediaKey>(tag)
      : this.db
          .prepare("SELECT system, path FROM media_user_tags WHERE tag = ? AND system IN (SELECT value FROM json_each(?))")
          .all<MediaKey>(tag, JSON.stringify(systems));
  }

  /** The distinct user tags in use (of `systems` only when given), sorted. */
  distinct(systems: readonly string[]): string[] {
    const rows =
      systems.length === 0
        ? this.db.prepare("SELECT DISTINCT tag FROM media_user_tags ORDER BY tag").all<{ tag: string }>()
        : this.db
            .prepare("SELECT DISTINCT tag FROM media_user_tags WHERE system IN (SELECT value FROM json_each(?)) ORDER BY tag")
            .all<{ tag: string }>(JSON.stringify(systems));
    return rows.map((r) => r.tag);
  }

  /** Whether any media carries a user tag (most libraries: none, and a results page need not ask about each). */
  any(): boolean {
    return this.db.prepare("SELECT 1 AS x FROM media_user_tags LIMIT 1").get<{ x: number }>() !== undefined;
  }
}
