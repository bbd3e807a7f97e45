import type { SqlDatabase } from "../../runtime/types.ts";
import type { WrittenSystem } from "./index-writer.ts";
import type { IndexedSystem } from "./media-store.ts";
import type { SystemScan } from "./walker.ts";
import { readFolderRecords } from "./folder-records.ts";

/** The rows of indexed systems as a scan gives them, to write them into a new index unchanged. */
export function readIndexedSystems(db: SqlDatabase, systems: readonly IndexedSystem[]): WrittenSystem[] {
  const rows = db.prepare("SELECT m.dir AS dir, m.file AS file, d.abs AS abs, d.rel AS rel FROM media m JOIN dirs d ON d.id = m.dir WHERE m.id BETWEEN ? AND ? ORDER BY m.id");
  return systems.map((s) => {
    const scan: SystemScan = { system: s.id, dirs: [], files: [], fileDirs: [], folders: readFolderRecords(db, s.id) };
    const dirIndex = new Map<number, number>();
    for (const r of rows.all<{ dir: number; file: string; abs: string; rel: string }>(s.first, s.last)) {
      let d = dirIndex.get(r.dir);
      if (d === undefined) {
        d = scan.dirs.push({ abs: r.abs, rel: r.rel }) - 1;
        dirIndex.set(r.dir, d);
      }
      scan.files.push(r.file);
      scan.fileDirs.push(d);
    }
    return { scan, indexedAt: s.indexedAt };
  });
}
