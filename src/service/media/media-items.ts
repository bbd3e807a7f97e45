import { disambiguate } from "../../core/media/disambiguate.ts";
import { mediaTitle } from "../../core/media/filename-tags.ts";
import { rowTags, rowTitle } from "../../core/media/row-names.ts";
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
  // the rows come in the order of `ids` (the id list is the outer loop; CROSS JOIN keeps the planner to it), so
  // neither a sorted copy of the ids, nor a temporary index of them in SQLite, nor a map back from ids is needed
  const rows = db
    .prepare("SELECT m.id AS id, m.file AS file, d.rel || '/' || m.file AS path, m.tags AS tags, m.title AS named FROM json_each(?) j CROSS JOIN media m ON m.id = j.value CROSS JOIN dirs d ON d.id = m.dir")
    .all<{ id: number; file: string; path: string; tags: string | null; named: string | null }>(JSON.stringify(ids));
  /** Items of one system sharing a title (the first one alone until a second comes), to tell them apart. */
  const sameTitle = new Map<string, MediaItem | MediaItem[]>();
  const items: MediaItem[] = [];
  for (const r of rows) {
    const name = mediaNameOfPath(r.path);
    const named = rowTitle(r.file, r.named);
    const system = systemOf(r.id);
    const item: MediaItem = { mediaId: r.id, system, name: r.named === null || named === mediaTitle(name) ? name : named, path: r.path, zapScript: r.path, tags: labels.list(rowTags(r.file, r.tags, system.id)) };
    items.push(item);
    const k = `${item.system.id}/${titleSortKey(named)}`; // named by its file unless the platform titled it (arcade)
    const group = sameTitle.get(k);
    if (group === undefined) sameTitle.set(k, item);
    else if (Array.isArray(group)) group.push(item);
    else sameTitle.set(k, [group, item]);
  }
  for (const group of sameTitle.values()) if (Array.isArray(group)) disambiguate(group);
  return items;
}
