import { splitTag } from "../../core/media/filename-tags.ts";
import { bitsetWords } from "../../core/media/postings.ts";
import type { MediaItem } from "../../core/media-types.ts";
import type { TagInfo } from "../../core/wire/media.ts";
import type { BrowseTree } from "./browse-tree.ts";
import type { UserTags } from "./user-tags.ts";

/** Labels of the user tags the phone app knows. */
const LABELS: Record<string, string> = { favorite: "Favorite" };

/** A stored user tag (`user:value`) as the wire shows tags. */
export function userTagInfo(tag: string): TagInfo {
  const { type, value } = splitTag(tag);
  const label = LABELS[value];
  return label ? { tag: value, type, label } : { tag: value, type };
}

/** The ids (in `tree`'s index) of the media carrying user tag `tag`, of `systems` only when given. */
export function userTaggedIds(userTags: UserTags, tree: BrowseTree, tag: string, systems: readonly string[]): Set<number> {
  const ids = new Set<number>();
  for (const key of userTags.withTag(tag, systems)) {
    const id = tree.locate(key.path);
    if (id !== undefined) ids.add(id);
  }
  return ids;
}

/** The media carrying every one of the user tags `tags`, as a bitset over an index of `totalMedia` media. */
export function userTagBits(userTags: UserTags, tree: BrowseTree, tags: readonly string[], systems: readonly string[], totalMedia: number): Int32Array {
  const bits = new Int32Array(bitsetWords(totalMedia));
  const sets = [...new Set(tags.map((t) => t.toLowerCase()))].map((tag) => userTaggedIds(userTags, tree, tag, systems));
  const chosen = sets.length === 0 ? [] : [...(sets[0] as Set<number>)].filter((id) => sets.every((ids) => ids.has(id)));
  for (const id of chosen) bits[id >>> 5] = (bits[id >>> 5] as number) | (1 << (id & 31));
  return bits;
}

/** Adds each item's user tags to its `tags` (a new list; the index's lists are shared). */
export function addUserTags(userTags: UserTags, items: MediaItem[]): MediaItem[] {
  if (items.length === 0 || !userTags.any()) return items; // no key per item made for nothing
  const byKey = userTags.ofMany(items.map((i) => ({ system: i.system.id, path: i.path })));
  if (byKey.size === 0) return items;
  for (const item of items) {
    const own = byKey.get(`${item.system.id}\0${item.path}`);
    if (own) item.tags = [...item.tags, ...own.map(userTagInfo)];
  }
  return items;
}
