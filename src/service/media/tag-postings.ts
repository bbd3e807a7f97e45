import { encodePostings } from "../../core/media/postings.ts";
import type { SqlDatabase } from "../../runtime/types.ts";

/** A system's row in the index being written and its media id range. */
export interface SystemRange {
  row: number;
  first: number;
  last: number;
}

/**
 * The media of each file-name tag while an index is written (ids added ascending); `write` stores them as the
 * `tags` rows the search filters, and the `system_tags` rows `media.tags` reads (which systems hold each tag,
 * found from the id ranges at the end rather than tracked for every file).
 */
export class TagPostings {
  /** Each tag's media ids (ascending) in a growable typed array: half the bytes of a JS array of numbers on 64-bit. */
  private readonly lists = new Map<string, { ids: Int32Array; count: number }>();

  add(tags: readonly string[], mediaId: number): void {
    for (const tag of tags) {
      const list = this.lists.get(tag);
      if (!list) this.lists.set(tag, { ids: Int32Array.of(mediaId, 0, 0, 0), count: 1 });
      else {
        if (list.count === list.ids.length) {
          const grown = new Int32Array(list.count * 2);
          grown.set(list.ids);
          list.ids = grown;
        }
        list.ids[list.count++] = mediaId;
      }
    }
  }

  write(db: SqlDatabase, systems: readonly SystemRange[]): void {
    const insTag = db.prepare("INSERT INTO tags (id, tag, count, postings) VALUES (?, ?, ?, ?)");
    const insSystemTag = db.prepare("INSERT INTO system_tags (system, tag) VALUES (?, ?)");
    let next = 1;
    for (const [tag, list] of [...this.lists].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
      const tagId = next++;
      const ids = list.ids.subarray(0, list.count);
      insTag.run(tagId, tag, ids.length, encodePostings(ids));
      for (const s of systems) if (holdsIn(ids, s.first, s.last)) insSystemTag.run(s.row, tagId);
      this.lists.delete(tag); // written: its ids may go
    }
  }
}

/** Whether the ascending `ids` hold one in first..last. */
function holdsIn(ids: Int32Array, first: number, last: number): boolean {
  let lo = 0;
  let hi = ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((ids[mid] as number) < first) lo = mid + 1;
    else hi = mid;
  }
  return lo < ids.length && (ids[lo] as number) <= last;
}
