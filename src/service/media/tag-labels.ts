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
    let list = this.lists.get(text);
    if (!list) {
      list = text.split(" ").map((t) => this.info(t));
      if (this.lists.size < MAX_LISTS) this.lists.set(text, list);
    }
    return list;
  }

  clear(): void {
    this.lists.clear();
  }
}
