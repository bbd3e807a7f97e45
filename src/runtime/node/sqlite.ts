import type { SqlDatabase, SqlStatement, SqlValue } from "../types.ts";

interface NodeStatement {
  run(...p: SqlValue[]): { changes: number | bigint; lastInsertRowid: number | bigint };
  get(...p: SqlValue[]): unknown;
  all(...p: SqlValue[]): unknown[];
}
interface NodeDatabaseSync {
  exec(sql: string): void;
  prepare(sql: string): NodeStatement;
  close(): void;
}

/** node:sqlite (Node ≥ 22.5), loaded lazily so the module graph stays importable elsewhere. */
export function openNodeDatabase(path: string): SqlDatabase {
  const sqlite = process.getBuiltinModule?.("node:sqlite") as { DatabaseSync: new (p: string) => NodeDatabaseSync } | undefined;
  if (!sqlite) throw new Error(`node:sqlite is not available in Node ${process.versions.node} (needs 22.5 or newer)`);
  const { DatabaseSync } = sqlite;
  const db = new DatabaseSync(path);
  const cache = new Map<string, SqlStatement>();
  return {
    exec(sql) {
      db.exec(sql);
    },
    prepare(sql) {
      const cached = cache.get(sql);
      if (cached) return cached;
      const stmt = db.prepare(sql);
      const wrapped: SqlStatement = {
        run(...params) {
          const r = stmt.run(...params);
          return { changes: Number(r.changes), lastInsertRowid: Number(r.lastInsertRowid) };
        },
        get<R>(...params: SqlValue[]) {
          return (stmt.get(...params) ?? undefined) as R | undefined;
        },
        all<R>(...params: SqlValue[]) {
          return stmt.all(...params) as R[];
        },
      };
      cache.set(sql, wrapped);
      return wrapped;
    },
    close() {
      cache.clear();
      db.close();
    },
  };
}
