import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readdirSync, renameSync, rmSync, writeSync } from "node:fs";
import { dirname, join } from "node:path";
import { parse, stringify } from "smol-toml";
import { parseConfig } from "../../config/store.ts";
import { transaction } from "../../db/migrate.ts";
import { openDatabase } from "../../db/open.ts";
import type { Migration } from "../../db/migrate.ts";
import type { Runtime, SqlDatabase } from "../../runtime/types.ts";
import { ArchiveError } from "./archive.ts";

/**
 * Applies a verified archive's members to the live files, all or nothing as far as the filesystem allows:
 * every new file is first written beside its target and fsynced, the user database is copied table by table in
 * one transaction on the live connection (its services keep their handle), and only after that commits are the
 * files renamed over their targets. A failure before the commit removes the staged files and leaves everything
 * as it was. The device keeps its own identity (`service.device_id`) and its paired clients.
 */
export interface RestoreTargets {
  runtime: Runtime;
  configPath: string;
  authPath: string;
  mappingsDir: string;
  userDb: SqlDatabase;
  migrations: readonly Migration[];
  /** A folder for staging (created and removed here). */
  stagingDir: string;
  deviceId: string;
}

/** Tables a restore leaves as they are on this device. */
const KEEP_TABLES = new Set(["clients"]);

/** Writes a staged file and fsyncs it; created exclusively (whatever stood at the name, a planted symlink too, is removed, not followed). */
function writeSynced(path: string, data: Uint8Array): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  rmSync(path, { force: true });
  const fd = openSync(path, "wx", 0o600);
  try {
    writeSync(fd, data);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** The backup's config text with this device's id, refused when it does not parse with our schema. */
function restoredConfig(data: Uint8Array, deviceId: string): Uint8Array {
  const text = new TextDecoder().decode(data);
  try {
    parseConfig(text, "config.toml in the backup");
  } catch (err) {
    throw new ArchiveError((err as Error).message);
  }
  const raw = parse(text) as Record<string, Record<string, unknown>>;
  raw.service = { ...(raw.service ?? {}), device_id: deviceId };
  return new TextEncoder().encode(`${stringify(raw)}\n`);
}

/** Opens the staged database (migrating it to this version's schema, refusing a newer one) and checks it. */
function checkDatabase(runtime: Runtime, path: string, migrations: readonly Migration[]): void {
  let db: SqlDatabase;
  try {
    db = openDatabase(runtime, path, { durability: "normal", journal: "delete", migrations });
  } catch (err) {
    throw new ArchiveError(`user.db cannot be used: ${(err as Error).message}`);
  }
  try {
    const check = db.prepare("PRAGMA integrity_check").get<{ integrity_check: string }>();
    if (check?.integrity_check !== "ok") throw new ArchiveError("user.db fails SQLite's integrity check");
  } finally {
    db.close();
  }
}

const quoteId = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Replaces the live database's rows with the staged one's, table by table, in one transaction. */
function copyDatabase(db: SqlDatabase, stagedPath: string): void {
  db.exec(`ATTACH DATABASE '${stagedPath.replaceAll("'", "''")}' AS restored`);
  try {
    const tables = db
      .prepare("SELECT name FROM restored.sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
      .all<{ name: string }>()
      .map((r) => r.name)
      .filter((t) => !KEEP_TABLES.has(t));
    transaction(db, () => {
      db.exec("PRAGMA defer_foreign_keys = ON");
      for (const t of tables) {
        const cols = db.prepare(`PRAGMA main.table_info(${quoteId(t)})`).all<{ name: string }>().map((c) => quoteId(c.name)).join(", ");
        db.exec(`DELETE FROM main.${quoteId(t)}`);
        db.exec(`INSERT INTO main.${quoteId(t)} (${cols}) SELECT ${cols} FROM restored.${quoteId(t)}`);
      }
      const hasSeq = db.prepare("SELECT 1 AS x FROM restored.sqlite_master WHERE name = 'sqlite_sequence'").get() !== undefined;
      if (hasSeq) {
        db.exec("DELETE FROM main.sqlite_sequence WHERE name <> 'clients'");
        db.exec("INSERT INTO main.sqlite_sequence (name, seq) SELECT name, seq FROM restored.sqlite_sequence WHERE name <> 'clients'");
      }
    });
  } finally {
    db.exec("DETACH DATABASE restored");
  }
}

function liveMappingFiles(dir: string, base = dir): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? liveMappingFiles(join(dir, e.name), base) : e.isFile() && e.name.endsWith(".toml") ? [join(dir, e.name)] : [],
  );
}

export function applyRestore(members: ReadonlyMap<string, Uint8Array>, t: RestoreTargets): void {
  const config = members.get("config.toml");
  const userDb = members.get("user.db");
  if (!config || !userDb) throw new ArchiveError("the backup holds no config.toml or no user.db");
  const configBytes = restoredConfig(config, t.deviceId);
  rmSync(t.stagingDir, { recursive: true, force: true });
  mkdirSync(t.stagingDir, { recursive: true, mode: 0o700 });
  const staged: Array<{ from: string; to: string }> = [];
  try {
    const dbPath = join(t.stagingDir, "user.db");
    writeSynced(dbPath, userDb);
    checkDatabase(t.runtime, dbPath, t.migrations);
    const stage = (to: string, data: Uint8Array) => {
      const from = `${to}.restoring`;
      writeSynced(from, data);
      staged.push({ from, to });
    };
    stage(t.configPath, configBytes);
    const auth = members.get("auth.toml");
    if (auth) stage(t.authPath, auth);
    for (const [name, data] of members) if (name.startsWith("mappings/")) stage(join(t.mappingsDir, name.slice("mappings/".length)), data);
    copyDatabase(t.userDb, dbPath);
  } catch (err) {
    for (const s of staged) rmSync(s.from, { force: true });
    rmSync(t.stagingDir, { recursive: true, force: true });
    throw err;
  }
  // committed: the files follow (each rename is atomic); mapping files the backup does not hold go
  const keep = new Set(staged.map((s) => s.to));
  for (const s of staged) renameSync(s.from, s.to);
  for (const file of liveMappingFiles(t.mappingsDir)) if (!keep.has(file)) rmSync(file, { force: true });
  rmSync(t.stagingDir, { recursive: true, force: true });
}
