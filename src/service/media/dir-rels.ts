import type { SqlDatabase, SqlStatement } from "../../runtime/types.ts";

/** Folders remembered at most (a library has a few thousand; the map is dropped whole past this). */
const MAX_DIRS = 65_536;

/**
 * The relative path (`<SystemId>/<folder>`) of each folder row of an open index, read once and kept: a page of
 * results names a few dozen folders, each many times.
 */
export class DirRels {
  private readonly rels = new Map<number, string>();
  private readonly byId: SqlStatement;

  constructor(readonly db: SqlDatabase) {
    this.byId = db.prepare("SELECT rel FROM dirs WHERE id = ?");
  }

  rel(dir: number): string {
    let rel = this.rels.get(dir);
    if (rel === undefined) {
      rel = this.byId.get<{ rel: string }>(dir)?.rel ?? "";
      if (this.rels.size >= MAX_DIRS) this.rels.clear();
      this.rels.set(dir, rel);
    }
    return rel;
  }

  clear(): void {
    this.rels.clear();
  }
}
