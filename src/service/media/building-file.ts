import { mediaMigrations } from "../../db/migrations/media.ts";
import { openDatabase } from "../../db/open.ts";
import type { Runtime, SqlDatabase } from "../../runtime/types.ts";

/**
 * Opens an index file being written (the schema applied), in a transaction left for the writer to commit. A
 * half-written file is thrown away, never read: no journal and no syncs (the writer syncs it once complete).
 */
export function openBuildingFile(runtime: Pick<Runtime, "openDatabase">, path: string): SqlDatabase {
  const db = openDatabase(runtime, path, { durability: "normal", journal: "delete", migrations: mediaMigrations });
  db.exec("PRAGMA journal_mode = OFF");
  db.exec("PRAGMA synchronous = OFF");
  db.exec("PRAGMA cache_size = -2048");
  db.exec("BEGIN");
  return db;
}
