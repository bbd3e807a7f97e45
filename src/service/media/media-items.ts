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

/** What reading items shares with the open index: its systems, folders, tag objects and title order. */
export interface ItemSources {
  systemOf(id: number): ItemSystem;
  dirs: DirRels;
  labels: TagLabels;
  /** Each media id's place in the index's title order (`rank` of title-order.ts), read only for two items or more. */
  titlePlaces(): Int32Array;
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
  const items: MediaItem[] = new Array(rows.length);
  /** Each item's title (named by its file unless the platform titled it, as the title order sorts it). */
  const titles: string[] = new Array(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i] as ItemRow;
    const path = `${dirs.rel(r.dir)}/${r.file}`;
    const name = mediaNameOfPath(path);
    const named = rowTitle(r.file, r.named);
    const system = from.systemOf(r.id);
    const tags = r.tags !== null ? labels.list(r.tags) : labels.listOf(indexTagsOfFile(r.file, false, system.mediaType));
    items[i] = { mediaId: r.id, system: system.info, name: r.named === null || named === mediaTitle(name) ? name : named, path, zapScript: path, tags };
    titles[i] = named;
  }
  if (items.length > 1) disambiguateSameTitles(items, titles, from.titlePlaces());
  return items;
}

/**
 * Gives the items of one system sharing a title (by `titleSortKey`) the tags telling them apart. Titles that sort
 * alike are neighbours in the title order, so with the items taken by their places there, those sharing one
 * follow each other: found by comparing each title with the one before, without a key string or a map per item.
 */
function disambiguateSameTitles(items: MediaItem[], titles: readonly string[], places: Int32Array): void {
  const n = items.length;
  // place · n + index, sorted natively: the items by place, ties (none in one index) by index
  const byPlace = new Float64Array(n);
  for (let i = 0; i < n; i++) byPlace[i] = (places[items[i]?.mediaId as number] as number) * n + i;
  byPlace.sort();
  let start = 0;
  for (let k = 1; k <= n; k++) {
    if (k < n && sameTitleKey(titles[(byPlace[k] as number) % n] as string, titles[(byPlace[start] as number) % n] as string)) continue;
    if (k - start > 1) {
      const run: MediaItem[] = [];
      for (let j = start; j < k; j++) run.push(items[(byPlace[j] as number) % n] as MediaItem);
      disambiguateBySystem(run);
    }
    start = k;
  }
}

/** Tells apart the items of each system in a run of items sharing a title (a few items: compared pairwise). */
function disambiguateBySystem(run: MediaItem[]): void {
  const system = run[0]?.system.id;
  let oneSystem = true;
  for (const item of run) if (item.system.id !== system) oneSystem = false;
  if (oneSystem) return disambiguate(run);
  const seen: string[] = [];
  for (const item of run) {
    if (seen.includes(item.system.id)) continue;
    seen.push(item.system.id);
    const group: MediaItem[] = [];
    for (const other of run) if (other.system.id === item.system.id) group.push(other);
    disambiguate(group);
  }
}

/**
 * Whether two titles have the same `titleSortKey`, mostly without lowercasing them. Lowercasing keeps two titles
 * in step where they agree (the same characters, or ASCII letters in another case, lower alike and to as many
 * characters) and lowers no character to nothing: so where they first differ in ASCII other than a letter's case,
 * or where one goes on after the other ends, their keys differ. A difference in other characters is left to the keys.
 */
export function sameTitleKey(a: string, b: string): boolean {
  if (a === b) return true;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    if (x >= 0x80 || y >= 0x80) return titleSortKey(a) === titleSortKey(b);
    const lower = x | 0x20;
    if (lower !== (y | 0x20) || lower < 0x61 || lower > 0x7a) return false;
  }
  return a.length === b.length;
}
