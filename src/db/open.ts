import { chmodSync, closeSync, existsSync, openSync, rmSync } from "node:fs";
import type { Runtime, SqlDatabase } from "../runtime/types.ts";
import { type Migration, migrate } from "./migrate.ts";

export interface OpenOptions {
  /** "full": every commit reaches the disk (user data). "normal": fast, rebuildable data (media index). */
  durability: "full" | "normal";
  /** WAL where the filesystem supports shared memory; DELETE for exFAT (MiSTer). */
  journal: "wal" | "delete";
  migrations: readonly Migration[];
}

/** Opens a SQLite file with mode 0600, the project's pragmas, and its migrations applied. */
export function openDatabase(runtime: Pick<Runtime, "openDatabase">, path: string, opts: OpenOptions): SqlDatabase {
  if (!existsSync(path)) closeSync(openSync(path, "a", 0o600));
  chmodSync(path, 0o600);
  const db = runtime.openDatabase(path);
  try {
    db.exec("PRAGMA busy_timeout = 5000");
    db.exec(`PRAGMA journal_mode = ${opts.journal === "wal" ? "WAL" : "DELETE"}`);
    db.exec(`PRAGMA synchronous = ${opts.durability === "full" ? "FULL" : "NORMAL"}`);
    db.exec("PRAGMA foreign_keys = ON");
    migrate(db, opts.migrations);
  } catch (err) {
    db.close();
    throw err;
  }
  return db;
}

/** Removes a SQLite file and what its journals left beside it (none of them there is fine). */
export function removeDatabase(path: string): void {
  for (const suffix of ["", "-journal", "-wal", "-shm"]) rmSync(path + suffix, { force: true });
}
