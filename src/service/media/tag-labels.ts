import { splitTag } from "../../core/media/filename-tags.ts";
import { tagLabel } from "../../core/media/tag-vocabulary.ts";
import type { TagInfo } from "../../core/wire/media.ts";

/** One frozen empty list shared by every result without tags; frozen, so no caller can fill it. */
const NO_TAGS = Object.freeze([]) as unknown as TagInfo[];
/** Distinct `tags` column texts remembered (most media share a handful of combinations). */
const MAX_LISTS = 65_536;

/**
 * The TagInfo objects of an open index: one per `type:value` tag seen, shared by every result carrying it, and
 * one list per distinct `tags` column text (not frozen: JSON.stringify is several times slower on frozen
 * objects; nothing writes to results).
 */
export class TagLabels {
  private readonly infos = new Map<string, TagInfo>();
  private readonly lists = new Map<string, TagInfo[]>();
  /** By the parser's list itself (a Map, not a WeakMap: every collection walks a WeakMap's entries; bounded). */
  private readonly parsed = new Map<readonly string[], TagInfo[]>();

  info(tag: string): TagInfo {
    let info = this.infos.get(tag);
    if (!info) {
      const { type, value } = splitTag(tag);
      const label = tagLabel(type, value);
      info = label ? { tag: value, type, label } : { tag: value, type };
      this.infos.set(tag, info);
    }
    return info;
  }

  /** The tags of a `tags` column text (space-separated `type:value`). */
  list(text: string): TagInfo[] {
    if (text === "") return NO_TAGS;
    return this.lists.get(text) ?? this.newList(text);
  }

  // (the misses apart: a callback in the look-up itself gave every call a scope object, garbage a page of
  // results makes hundreds of)
  private newList(text: string): TagInfo[] {
    const list = text.split(" ").map((t) => this.info(t));
    if (this.lists.size < MAX_LISTS) this.lists.set(text, list);
    return list;
  }

  /**
   * The tags of a list the tag parser shares among the names it read alike (core/media/index-tags.ts), turned
   * into tag objects once per list.
   */
  listOf(tags: readonly string[]): TagInfo[] {
    if (tags.length === 0) return NO_TAGS;
    return this.parsed.get(tags) ?? this.newListOf(tags);
  }

  private newListOf(tags: readonly string[]): TagInfo[] {
    const list = tags.map((t) => this.info(t));
    if (this.parsed.size >= MAX_LISTS) this.parsed.clear(); // the parser's own memo drops its lists past a bound too
    this.parsed.set(tags, list);
    return list;
  }

  clear(): void {
    this.lists.clear();
    this.parsed.clear();
  }
}
