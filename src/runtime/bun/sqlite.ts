import { Database } from "bun:sqlite";
import { cachedDatabase } from "../sql-statement-cache.ts";
import type { SqlDatabase } from "../types.ts";

export function openBunDatabase(path: string): SqlDatabase {
  const db = new Database(path, { create: true, strict: true });
  return cachedDatabase({
    exec: (sql) => db.exec(sql),
    prepare: (sql) => db.prepare(sql),
    close: () => db.close(false),
  });
}
