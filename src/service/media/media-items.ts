import { disambiguate } from "../../core/media/disambiguate.ts";
import { parseMediaName } from "../../core/media/filename-tags.ts";
import { titleSortKey } from "../../core/media/title-order.ts";
import { mediaNameOfPath } from "../../core/media/words.ts";
import type { MediaItem, SystemInfo } from "../../core/media-types.ts";
import type { SqlDatabase } from "../../runtime/types.ts";
import type { TagLabels } from "./tag-labels.ts";

/**
 * The media items of `ids` in an index, in the order asked for (the rank order of a search). An item is named by
 * its file unless the platform titled it (arcade); items of one system sharing a title carry the tags that tell
 * them apart.
 */
export function readMediaItems(db: SqlDatabase, ids: readonly number[], systemOf: (id: number) => SystemInfo, labels: TagLabels): MediaItem[] {
  if (ids.length === 0) return [];
  const rows = db
    .prepare("SELECT m.id AS id, d.rel || '/' || m.file AS path, m.tags AS tags, m.title AS named FROM media m JOIN dirs d ON d.id = m.dir WHERE m.id IN (SELECT value FROM json_each(?))")
    .all<{ id: number; path: string; tags: string; named: string }>(JSON.stringify([...ids].sort((a, b) => a - b))); // rows read in file order
  const byId = new Map(rows.map((r) => [r.id, r]));
  /** Items of one system sharing a title, to tell them apart. */
  const sameTitle = new Map<string, MediaItem[]>();
  // in the order asked for (the rank order of a search)
  const items = ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    const item: MediaItem = { mediaId: id, system: systemOf(id), name: r.named === parseMediaName(mediaNameOfPath(r.path)).title ? mediaNameOfPath(r.path) : r.named, path: r.path, zapScript: r.path, tags: labels.list(r.tags) };
    const k = `${item.system.id}/${titleSortKey(r.named)}`; // named by its file unless the platform titled it (arcade)
    const group = sameTitle.get(k);
    if (group) group.push(item);
    else sameTitle.set(k, [item]);
    return [item];
  });
  for (const group of sameTitle.values()) disambiguate(group);
  return items;
}
