/**
 * SQLite, runtime-neutral half: the SqlDatabase of the seam (types.ts) over a runtime's native database, with
 * prepared statements cached by their SQL text and results in the seam's shape (numbers, not bigints; no row
 * is `undefined`). bun/sqlite.ts and node/sqlite.ts supply only their native open and prepare.
 */
import type { SqlDatabase, SqlStatement, SqlValue } from "./types.ts";

/** What is used of a native prepared statement (bun:sqlite's Statement and node:sqlite's StatementSync fit). */
export interface NativeStatement {
  run(...params: SqlValue[]): { changes: number | bigint; lastInsertRowid: number | bigint };
  get(...params: SqlValue[]): unknown;
  all(...params: SqlValue[]): unknown[];
}

export interface NativeDatabase {
  exec(sql: string): void;
  prepare(sql: string): NativeStatement;
  close(): void;
}

function wrap(stmt: NativeStatement): SqlStatement {
  return {
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
}

/** `db` as the seam's SqlDatabase: the same SQL gets the same statement until close(), which empties the cache. */
export function cachedDatabase(db: NativeDatabase): SqlDatabase {
  const cache = new Map<string, SqlStatement>();
  return {
    exec(sql) {
      db.exec(sql);
    },
    prepare(sql) {
      let stmt = cache.get(sql);
      if (!stmt) {
        stmt = wrap(db.prepare(sql));
        cache.set(sql, stmt);
      }
      return stmt;
    },
    close() {
      cache.clear();
      db.close();
    },
  };
}
