import type { Migration } from "../migrate.ts";
import { userV10Plays } from "./user-v10-plays.ts";
import { userV12Cards } from "./user-v12-cards.ts";

/** Schema of the user database (mappings, launch history, clients, plays …). Append only; never edit a shipped step. */
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
    version: 2,
    name: "session salts",
    // Hashes of the secure layer's session salts per client, so a captured session cannot be replayed later.
    sql: `
      CREATE TABLE session_salts (
        client_id TEXT NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
        salt_hash TEXT NOT NULL,
        seen INTEGER NOT NULL,
        PRIMARY KEY (client_id, salt_hash)
      ) WITHOUT ROWID;
      CREATE INDEX session_salts_by_age ON session_salts (client_id, seen);
    `,
  },
  {
    version: 3,
    name: "inbox",
    // Messages for the owner (problems the service found and worked around); a category keeps one entry.
    sql: `
      CREATE TABLE inbox (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        title TEXT NOT NULL,
        body TEXT NOT NULL DEFAULT '',
        severity INTEGER NOT NULL DEFAULT 0 CHECK (severity IN (0, 1, 2)),
        category TEXT,
        profile_id INTEGER NOT NULL DEFAULT 0,
        created INTEGER NOT NULL
      );
      CREATE INDEX inbox_by_age ON inbox (created);
      CREATE UNIQUE INDEX inbox_one_per_category ON inbox (category, profile_id) WHERE category IS NOT NULL;
    `,
  },
  {
    version: 4,
    name: "media history",
    sql: `
      CREATE TABLE media_history (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        system_id TEXT NOT NULL,
        system_name TEXT NOT NULL,
        media_name TEXT NOT NULL,
        media_path TEXT NOT NULL,
        launcher_id TEXT NOT NULL DEFAULT '',
        started_at INTEGER NOT NULL,
        ended_at INTEGER,
        play_time INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX media_history_system ON media_history (system_id, id);
      CREATE INDEX media_history_path ON media_history (system_id, media_path);
    `,
  },
  {
    version: 5,
    name: "profiles",
    // Profiles (PIN stored as a PBKDF2 hash; NULL limits inherit the global config) and small device state
    // (the active profile survives a restart).
    sql: `
      CREATE TABLE profiles (
        profile_id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        role TEXT NOT NULL CHECK (role IN ('admin', 'member')),
        switch_id TEXT NOT NULL UNIQUE,
        pin_hash TEXT NOT NULL DEFAULT '',
        limits_enabled INTEGER,
        daily_limit TEXT,
        session_limit TEXT,
        last_used_at INTEGER,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE TABLE device_state (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );
    `,
  },
  {
    version: 6,
    name: "play sessions",
    // One row per game played (ms since the epoch); "ended" moves forward while it runs, "open" is 1 until
    // it stops, so usage survives a restart or a crash (at most one heartbeat lost).
    sql: `
      CREATE TABLE play_sessions (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        profile_id TEXT NOT NULL DEFAULT '',
        started INTEGER NOT NULL,
        ended INTEGER NOT NULL,
        open INTEGER NOT NULL DEFAULT 1,
        system_id TEXT NOT NULL DEFAULT '',
        media_name TEXT NOT NULL DEFAULT ''
      );
      CREATE INDEX play_sessions_by_end ON play_sessions (ended);
    `,
  },
  {
    // every existing client was paired by its owner (PIN or clients.new on the device): admins.
    version: 7,
    name: "clients role",
    sql: `ALTER TABLE clients ADD COLUMN role TEXT NOT NULL DEFAULT 'admin';`,
  },
  {
    // the scan trace of each launch (JSON, at most 16 KiB; src/core/trace/); older rows have none
    version: 8,
    name: "history trace",
    sql: `ALTER TABLE history ADD COLUMN trace TEXT;`,
  },
  {
    // user tags of media (`user:favorite` …), keyed by system id and compressed path so a re-index keeps them
    version: 9,
    name: "media user tags",
    sql: `
      CREATE TABLE media_user_tags (
        system TEXT NOT NULL,
        path TEXT NOT NULL,
        tag TEXT NOT NULL,
        added INTEGER NOT NULL,
        PRIMARY KEY (system, path, tag)
      ) WITHOUT ROWID;
      CREATE INDEX media_user_tags_by_tag ON media_user_tags (tag, system);
    `,
  },
  userV10Plays,
  {
    // ZapLinks (src/service/zaplinks/): which hosts publish launch scripts (their /.well-known/zaparoo), and the
    // last script fetched from each link, used when the host cannot be reached
    version: 11,
    name: "zaplinks",
    sql: `
      CREATE TABLE zaplink_hosts (
        origin TEXT PRIMARY KEY,
        zapscript INTEGER NOT NULL,
        checked INTEGER NOT NULL
      ) WITHOUT ROWID;
      CREATE TABLE zaplink_cache (
        url TEXT PRIMARY KEY,
        script TEXT NOT NULL,
        updated INTEGER NOT NULL
      ) WITHOUT ROWID;
    `,
  },
  userV12Cards,
];
