import { Database } from "bun:sqlite";
import type { SqlDatabase, SqlStatement, SqlValue } from "../types.ts";

export function openBunDatabase(path: string): SqlDatabase {
  const db = new Database(path, { create: true, strict: true });
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
        run(...params: SqlValue[]) {
          const r = stmt.run(...params);
          return { changes: r.changes, lastInsertRowid: Number(r.lastInsertRowid) };
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
      db.close(false);
    },
  };
}
