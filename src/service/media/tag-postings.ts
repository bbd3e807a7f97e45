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
 *
 * Names of a set share a few hundred tag arrays (parseMediaName hands out one array per distinct tail), so the
 * media are first grouped by array (one look-up per file, not one per tag) and spread to their tags at the end.
 */
export class TagPostings {
  /** Media ids by tag array, in the order added; arrays that are not shared (rare) end up here one by one too. */
  private readonly byArray = new Map<readonly string[], number[]>();

  add(tags: readonly string[], mediaId: number): void {
    const list = this.byArray.get(tags);
    if (list) list.push(mediaId);
    else this.byArray.set(tags, [mediaId]);
  }

  /** Each tag's media ids, ascending. */
  private lists(): Map<string, Int32Array> {
    const counts = new Map<string, number>();
    for (const [tags, ids] of this.byArray) for (const t of tags) counts.set(t, (counts.get(t) ?? 0) + ids.length);
    const out = new Map<string, Int32Array>();
    const fill = new Map<string, number>();
    for (const [t, n] of counts) {
      out.set(t, new Int32Array(n));
      fill.set(t, 0);
    }
    for (const [tags, ids] of this.byArray) {
      for (const t of tags) {
        const list = out.get(t) as Int32Array;
        const at = fill.get(t) as number;
        list.set(ids, at);
        fill.set(t, at + ids.length);
      }
    }
    // a tag's ids come from several arrays, each ascending: one numeric sort puts them in order (an array's
    // tags are distinct, so no id is listed twice)
    for (const list of out.values()) list.sort();
    this.byArray.clear();
    return out;
  }

  write(db: SqlDatabase, systems: readonly SystemRange[]): void {
    const insTag = db.prepare("INSERT INTO tags (id, tag, count, postings) VALUES (?, ?, ?, ?)");
    const insSystemTag = db.prepare("INSERT INTO system_tags (system, tag) VALUES (?, ?)");
    let next = 1;
    for (const [tag, ids] of [...this.lists()].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
      const tagId = next++;
      insTag.run(tagId, tag, ids.length, encodePostings(ids));
      for (const s of systems) if (holdsIn(ids, s.first, s.last)) insSystemTag.run(s.row, tagId);
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
