/**
 * The prepared-statement cache both SQLite adapters share (src/runtime/sql-statement-cache.ts): over a fake
 * native database that counts what it is asked, and over the Bun adapter with an in-memory database.
 */
import { describe, expect, test } from "bun:test";
import { openBunDatabase } from "../../src/runtime/bun/sqlite.ts";
import { cachedDatabase, type NativeDatabase, type NativeStatement } from "../../src/runtime/sql-statement-cache.ts";

function fakeNative() {
  const calls: string[] = [];
  const statement = (sql: string): NativeStatement => ({
    run: () => ({ changes: 1n, lastInsertRowid: 7n }),
    get: () => (sql.includes("none") ? null : { sql }),
    all: () => [{ sql }],
  });
  const db: NativeDatabase = {
    exec: (sql) => void calls.push(`exec ${sql}`),
    prepare: (sql) => {
      calls.push(`prepare ${sql}`);
      return statement(sql);
    },
    close: () => void calls.push("close"),
  };
  return { db, calls };
}

describe("SQL statement cache", () => {
  test("the same SQL gets the same statement, prepared once; other SQL its own", () => {
    const { db, calls } = fakeNative();
    const sql = cachedDatabase(db);
    const a = sql.prepare("SELECT 1");
    expect(sql.prepare("SELECT 1")).toBe(a);
    expect(sql.prepare("SELECT 2")).not.toBe(a);
    expect(calls).toEqual(["prepare SELECT 1", "prepare SELECT 2"]);
  });

  test("close() closes the database and empties the cache: the same SQL is prepared anew after it", () => {
    const { db, calls } = fakeNative();
    const sql = cachedDatabase(db);
    const before = sql.prepare("SELECT 1");
    sql.close();
    const after = sql.prepare("SELECT 1");
    expect(after).not.toBe(before);
    expect(calls).toEqual(["prepare SELECT 1", "close", "prepare SELECT 1"]);
  });

  test("results take the seam's shape: numbers, not bigints; no row is undefined", () => {
    const { db, calls } = fakeNative();
    const sql = cachedDatabase(db);
    sql.exec("CREATE TABLE t (x)");
    expect(sql.prepare("INSERT").run()).toEqual({ changes: 1, lastInsertRowid: 7 });
    expect(sql.prepare("SELECT none").get()).toBeUndefined();
    expect(sql.prepare("SELECT one").get()).toEqual({ sql: "SELECT one" });
    expect(sql.prepare("SELECT all").all()).toEqual([{ sql: "SELECT all" }]);
    expect(calls[0]).toBe("exec CREATE TABLE t (x)");
  });

  test("the Bun adapter hands out cached statements over bun:sqlite", () => {
    const sql = openBunDatabase(":memory:");
    sql.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)");
    const insert = sql.prepare("INSERT INTO t (name) VALUES (?)");
    expect(sql.prepare("INSERT INTO t (name) VALUES (?)")).toBe(insert);
    expect(insert.run("a")).toEqual({ changes: 1, lastInsertRowid: 1 });
    expect(insert.run("b")).toEqual({ changes: 1, lastInsertRowid: 2 });
    const byId = sql.prepare("SELECT name FROM t WHERE id = ?");
    expect(byId.get<{ name: string }>(2)).toEqual({ name: "b" });
    expect(byId.get(3)).toBeUndefined();
    expect(sql.prepare("SELECT name FROM t ORDER BY id").all()).toEqual([{ name: "a" }, { name: "b" }]);
    sql.close();
  });
});
