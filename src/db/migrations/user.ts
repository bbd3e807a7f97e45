import type { Migration } from "../migrate.ts";

/** Schema of the user database (mappings, launch history, clients). Append only; never edit a shipped step. */
export const userMigrations: readonly Migration[] = [
  {
    version: 1,
    name: "init",
    sql: `
      CREATE TABLE mappings (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        added TEXT NOT NULL,
        label TEXT NOT NULL DEFAULT '',
        enabled INTEGER NOT NULL,
        type TEXT NOT NULL CHECK (type IN ('uid', 'text', 'data')),
        match TEXT NOT NULL CHECK (match IN ('exact', 'partial', 'regex')),
        pattern TEXT NOT NULL,
        override TEXT NOT NULL
      );
      CREATE TABLE history (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        time TEXT NOT NULL,
        type TEXT NOT NULL DEFAULT '',
        uid TEXT NOT NULL DEFAULT '',
        text TEXT NOT NULL DEFAULT '',
        data TEXT NOT NULL DEFAULT '',
        success INTEGER NOT NULL,
        error TEXT NOT NULL DEFAULT ''
      );
      CREATE TABLE clients (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL DEFAULT '',
        secret TEXT NOT NULL,
        address TEXT NOT NULL DEFAULT '',
        created TEXT NOT NULL
      );
    `,
  },
  {
    // every existing client was paired by its owner (PIN or clients.new on the device): admins. Numbered 2 on this
    // branch so the migrations stay contiguous; it is the "clients role" step (4 once the salt and inbox steps land).
    version: 2,
    name: "clients role",
    sql: `ALTER TABLE clients ADD COLUMN role TEXT NOT NULL DEFAULT 'admin';`,
  },
];
