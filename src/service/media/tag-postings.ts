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
  private readonly ids = new Map<string, number[]>();

  add(tags: readonly string[], mediaId: number): void {
    for (const tag of tags) {
      const list = this.ids.get(tag);
      if (list) list.push(mediaId);
      else this.ids.set(tag, [mediaId]);
    }
  }

  write(db: SqlDatabase, systems: readonly SystemRange[]): void {
    const insTag = db.prepare("INSERT INTO tags (id, tag, count, postings) VALUES (?, ?, ?, ?)");
    const insSystemTag = db.prepare("INSERT INTO system_tags (system, tag) VALUES (?, ?)");
    let next = 1;
    for (const [tag, ids] of [...this.ids].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
      const tagId = next++;
      insTag.run(tagId, tag, ids.length, encodePostings(ids));
      for (const s of systems) if (holdsIn(ids, s.first, s.last)) insSystemTag.run(s.row, tagId);
    }
    this.ids.clear();
  }
}

/** Whether the ascending `ids` hold one in first..last. */
function holdsIn(ids: readonly number[], first: number, last: number): boolean {
  let lo = 0;
  let hi = ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((ids[mid] as number) < first) lo = mid + 1;
    else hi = mid;
  }
  return lo < ids.length && (ids[lo] as number) <= last;
}
