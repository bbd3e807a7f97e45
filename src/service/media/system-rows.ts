import type { SqlDatabase } from "../../runtime/types.ts";

/** One media row of a system: its id, its `<SystemId>/<path>`, and the title the platform gave it (null: its file name tells it). */
export interface SystemRow {
  id: number;
  path: string;
  named: string | null;
}

/** The media rows with ids `first..last` (one system's range) in id order: the order the walk found them. */
export function readSystemRows(db: SqlDatabase, first: number, last: number): SystemRow[] {
  return db
    .prepare("SELECT m.id AS id, d.rel || '/' || m.file AS path, m.title AS named FROM media m JOIN dirs d ON d.id = m.dir WHERE m.id BETWEEN ? AND ? ORDER BY m.id")
    .all<SystemRow>(first, last);
}
