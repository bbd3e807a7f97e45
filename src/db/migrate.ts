import type { SqlDatabase } from "../runtime/types.ts";

/** A numbered, immutable schema step. Once shipped, a migration's SQL never changes; add a new one. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** Applies every migration newer than the database's `user_version`, each in its own transaction. */
export function migrate(db: SqlDatabase, migrations: readonly Migration[]): number {
  const sorted = [...migrations].sort((a, b) => a.version - b.version);
  sorted.forEach((m, i) => {
    if (m.version !== i + 1) throw new Error(`migrations must be numbered 1..n without gaps (got ${m.version} at ${i + 1})`);
  });
  const current = db.prepare("PRAGMA user_version").get<{ user_version: number }>()?.user_version ?? 0;
  if (current > sorted.length) {
    throw new Error(`database schema version ${current} is newer than this service understands (${sorted.length})`);
  }
  for (const m of sorted.slice(current)) {
    transaction(db, () => {
      db.exec(m.sql);
      db.exec(`PRAGMA user_version = ${m.version}`);
    });
  }
  return sorted.length;
}

/** Runs `fn` inside BEGIN IMMEDIATE … COMMIT, rolling back on any error. */
export function transaction<T>(db: SqlDatabase, fn: () => T): T {
  db.exec("BEGIN IMMEDIATE");
  try {
    const out = fn();
    db.exec("COMMIT");
    return out;
  } catch (err) {
    db.exec("ROLLBACK");
    throw err;
  }
}
