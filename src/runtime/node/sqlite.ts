import { cachedDatabase, type NativeDatabase } from "../sql-statement-cache.ts";
import type { SqlDatabase } from "../types.ts";

/** node:sqlite (Node ≥ 22.5), loaded lazily so the module graph stays importable elsewhere. */
export function openNodeDatabase(path: string): SqlDatabase {
  const sqlite = process.getBuiltinModule?.("node:sqlite") as { DatabaseSync: new (p: string) => NativeDatabase } | undefined;
  if (!sqlite) throw new Error(`node:sqlite is not available in Node ${process.versions.node} (needs 22.5 or newer)`);
  return cachedDatabase(new sqlite.DatabaseSync(path));
}
