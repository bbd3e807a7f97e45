import { rowTitle } from "../../core/media/row-names.ts";
import type { SqlDatabase } from "../../runtime/types.ts";

/**
 * Removes what is kept about media that are no longer in the index `media` (the served media.db): scraped
 * metadata (meta_media and meta_scraped by absolute path, meta_titles by system and lowercased title) and the
 * users' tags (`media_user_tags` in `user`, by system and compressed path). Answers the number of rows removed.
 */
export function cleanOrphans(media: SqlDatabase, user: SqlDatabase): number {
  let deleted = 0;
  const abs = "SELECT d.abs || '/' || m.file FROM media m JOIN dirs d ON d.id = m.dir";
  deleted += media.prepare(`DELETE FROM meta_media WHERE path NOT IN (${abs})`).run().changes;
  deleted += media.prepare(`DELETE FROM meta_scraped WHERE path NOT IN (${abs})`).run().changes;

  // titles are keyed lowercased as JavaScript lowercases them (SQLite's lower() only knows ASCII)
  const titles = new Set<string>();
  const ofRange = media.prepare("SELECT file, title FROM media WHERE id BETWEEN ? AND ?");
  for (const s of media.prepare("SELECT system, first_id, last_id FROM systems").all<{ system: string; first_id: number; last_id: number }>()) {
    for (const r of ofRange.all<{ file: string; title: string | null }>(s.first_id, s.last_id)) titles.add(`${s.system}\n${rowTitle(r.file, r.title).toLowerCase()}`);
  }
  const dropTitle = media.prepare("DELETE FROM meta_titles WHERE system = ? AND title = ?");
  for (const r of media.prepare("SELECT DISTINCT system, title FROM meta_titles").all<{ system: string; title: string }>()) {
    if (!titles.has(`${r.system}\n${r.title}`)) deleted += dropTitle.run(r.system, r.title).changes;
  }
  titles.clear();

  // a compressed path starts with its system's id: the paths alone tell the media apart
  const tagged = user.prepare("SELECT DISTINCT system, path FROM media_user_tags").all<{ system: string; path: string }>();
  if (tagged.length > 0) {
    const paths = new Set(media.prepare("SELECT d.rel || '/' || m.file AS p FROM media m JOIN dirs d ON d.id = m.dir").all<{ p: string }>().map((r) => r.p));
    const ranges = new Map(media.prepare("SELECT system FROM systems").all<{ system: string }>().map((r) => [r.system, true]));
    const drop = user.prepare("DELETE FROM media_user_tags WHERE system = ? AND path = ?");
    for (const t of tagged) if (!ranges.has(t.system) || !paths.has(t.path)) deleted += drop.run(t.system, t.path).changes;
  }
  return deleted;
}
