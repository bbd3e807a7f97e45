import { disambiguate } from "../../core/media/disambiguate.ts";
import { mediaTitle } from "../../core/media/filename-tags.ts";
import { indexTagsOfFile } from "../../core/media/index-tags.ts";
import { rowTitle } from "../../core/media/row-names.ts";
import { titleSortKey } from "../../core/media/title-order.ts";
import { mediaNameOfPath } from "../../core/media/words.ts";
import type { MediaItem, SystemInfo } from "../../core/media-types.ts";
import type { MediaType } from "../../core/slugs/index.ts";
import { type SystemCatalog, systemInfo } from "../../core/systems/catalog.ts";
import type { SqlDatabase } from "../../runtime/types.ts";
import type { DirRels } from "./dir-rels.ts";
import type { TagLabels } from "./tag-labels.ts";

/** The system of a media id, with the media type its file names' tags are read for. */
export interface ItemSystem {
  info: SystemInfo;
  mediaType: MediaType;
}

/** An indexed system's ItemSystem (one per system, shared by its items; not frozen: JSON.stringify is slower on frozen objects). */
export function itemSystem(catalog: SystemCatalog, id: string): ItemSystem {
  const def = catalog.byIdExact(id);
  return { info: def ? systemInfo(def) : { id, name: id, category: "Other" }, mediaType: def?.mediaType ?? "Game" };
}

/** What reading items shares with the open index: its systems, folders and tag objects. */
export interface ItemSources {
  systemOf(id: number): ItemSystem;
  dirs: DirRels;
  labels: TagLabels;
}

interface ItemRow {
  id: number;
  file: string;
  dir: number;
  tags: string | null;
  named: string | null;
}

/**
 * The media items of `ids` in an index, in the order asked for (the rank order of a search), in one pass over
 * their rows. An item is named by its file unless the platform titled it (arcade); items of one system sharing a
 * title carry the tags that tell them apart. Per row only what is its own is read or made: its folder's path,
 * its system and its tags' objects come from what the page (and the open index) share; a tag list the index
 * derives from the file name is the parser's shared list, turned into tag objects once.
 */
export function readMediaItems(db: SqlDatabase, ids: readonly number[], from: ItemSources): MediaItem[] {
  if (ids.length === 0) return [];
  // the rows come in the order of `ids` (the id list is the outer loop; CROSS JOIN keeps the planner to it), so
  // neither a sorted copy of the ids, nor a temporary index of them in SQLite, nor a map back from ids is needed
  const rows = db
    .prepare("SELECT m.id AS id, m.file AS file, m.dir AS dir, m.tags AS tags, m.title AS named FROM json_each(?) j CROSS JOIN media m ON m.id = j.value")
    .all<ItemRow>(JSON.stringify(ids));
  const { dirs, labels } = from;
  /** Items of one system sharing a title (the first one alone until a second comes), to tell them apart. */
  const sameTitle = new Map<string, MediaItem | MediaItem[]>();
  const items: MediaItem[] = new Array(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i] as ItemRow;
    const path = `${dirs.rel(r.dir)}/${r.file}`;
    const name = mediaNameOfPath(path);
    const named = rowTitle(r.file, r.named);
    const system = from.systemOf(r.id);
    const tags = r.tags !== null ? labels.list(r.tags) : labels.listOf(indexTagsOfFile(r.file, false, system.mediaType));
    const item: MediaItem = { mediaId: r.id, system: system.info, name: r.named === null || named === mediaTitle(name) ? name : named, path, zapScript: path, tags };
    items[i] = item;
    const k = `${system.info.id}/${titleSortKey(named)}`; // named by its file unless the platform titled it (arcade)
    const group = sameTitle.get(k);
    if (group === undefined) sameTitle.set(k, item);
    else if (Array.isArray(group)) group.push(item);
    else sameTitle.set(k, [group, item]);
  }
  for (const group of sameTitle.values()) if (Array.isArray(group)) disambiguate(group);
  return items;
}
