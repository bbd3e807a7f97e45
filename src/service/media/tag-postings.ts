import { encodePostings } from "../../core/media/postings.ts";
import type { SqlDatabase } from "../../runtime/types.ts";

/**
 * The media of each file-name tag while an index is written (ids added ascending), and which tags each system
 * holds; `write` stores them as the `tags` and `system_tags` rows the search filters and `media.tags` read.
 */
export class TagPostings {
  private readonly ids = new Map<string, number[]>();
  private readonly bySystem = new Map<number, Set<string>>();

  add(tags: readonly string[], mediaId: number, systemRow: number): void {
    if (tags.length === 0) return;
    let present = this.bySystem.get(systemRow);
    if (!present) this.bySystem.set(systemRow, (present = new Set()));
    for (const tag of tags) {
      const list = this.ids.get(tag);
      if (list) list.push(mediaId);
      else this.ids.set(tag, [mediaId]);
      present.add(tag);
    }
  }

  write(db: SqlDatabase): void {
    const insTag = db.prepare("INSERT INTO tags (id, tag, count, postings) VALUES (?, ?, ?, ?)");
    const insSystemTag = db.prepare("INSERT INTO system_tags (system, tag) VALUES (?, ?)");
    const tagIds = new Map<string, number>();
    let next = 1;
    for (const [tag, ids] of [...this.ids].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
      tagIds.set(tag, next);
      insTag.run(next++, tag, ids.length, encodePostings(ids));
    }
    for (const [system, tags] of this.bySystem) for (const tag of tags) insSystemTag.run(system, tagIds.get(tag) as number);
    this.ids.clear();
    this.bySystem.clear();
  }
}
