import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { type } from "../../core/lazy-arktype.ts";
import type { BackupCategories, BackupWarning } from "../../core/wire/backup.ts";
import { readStoredZip, writeStoredZip, type ZipMember } from "../../core/zip/stored-zip.ts";
import type { SqlDatabase } from "../../runtime/types.ts";

/**
 * A backup archive: a stored ZIP holding `manifest.json` first, then each member. The manifest names every
 * member once with its size and SHA-256 and the schema versions it was written with, so a restore can refuse
 * anything altered, missing, added or too new before it touches the live files.
 */
export const MANIFEST = "manifest.json";
export const MANIFEST_VERSION = 1;
/** Archives larger than this are not read (a device's settings and user database are far smaller). */
export const MAX_ARCHIVE_BYTES = 512 * 1024 * 1024;

/** Where a member may be restored to: the fixed files, or a `.toml` file under `mappings/`. */
export const MEMBER_PATH = /^(config\.toml|auth\.toml|user\.db|mappings\/([A-Za-z0-9 _.-]+\/)*[A-Za-z0-9 _-][A-Za-z0-9 _.-]*\.toml)$/;

const FileRef = type({ archivePath: "string", restorePath: "string", category: "string", sha256: /^[0-9a-f]{64}$/, size: "number.integer >= 0" });
export const Manifest = type({
  version: "number.integer",
  createdAt: "string",
  platform: "string",
  coreVersion: "string",
  configSchema: "number.integer",
  userDbVersion: "number.integer",
  categories: type({ "[string]": { files: "number", bytes: "number", enabled: "boolean" } }),
  "warnings?": type({ category: "string", path: "string", reason: "string" }).array(),
  files: FileRef.array(),
});
export type Manifest = typeof Manifest.infer;

export interface ArchiveSources {
  configPath: string;
  authPath: string;
  mappingsDir: string;
  userDb: SqlDatabase;
  /** A scratch path for the database copy (removed afterwards). */
  scratchDbPath: string;
  platform: string;
  coreVersion: string;
  configSchema: number;
  userDbVersion: number;
  /** Include auth.toml (local archives); remote uploads leave credentials on the device. */
  credentials: boolean;
}

export const sha256Hex = (data: Uint8Array) => createHash("sha256").update(data).digest("hex");

export function mappingFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  const walk = (d: string, depth: number) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory() && depth < 4 && !e.name.startsWith(".")) walk(p, depth + 1);
      else if (e.isFile() && e.name.endsWith(".toml")) out.push(p);
    }
  };
  walk(dir, 0);
  return out.sort();
}

/**
 * Reads every member now: the config and auth files as they are, the user database through `VACUUM INTO` on
 * the live connection (a consistent copy while the service keeps writing), and the mapping files.
 */
export function collectArchive(src: ArchiveSources, createdAt: Date): { bytes: Uint8Array; manifest: Manifest } {
  const members: ZipMember[] = [];
  const warnings: BackupWarning[] = [];
  const add = (name: string, data: Uint8Array) => members.push({ name, data });
  add("config.toml", readFileSync(src.configPath));
  if (src.credentials && existsSync(src.authPath)) add("auth.toml", readFileSync(src.authPath));
  rmSync(src.scratchDbPath, { force: true });
  try {
    src.userDb.exec(`VACUUM INTO '${src.scratchDbPath.replaceAll("'", "''")}'`);
    add("user.db", readFileSync(src.scratchDbPath));
  } finally {
    rmSync(src.scratchDbPath, { force: true });
  }
  for (const file of mappingFiles(src.mappingsDir)) {
    const name = `mappings/${relative(src.mappingsDir, file).split(sep).join("/")}`;
    if (!MEMBER_PATH.test(name) || statSync(file).size > 16 * 1024 * 1024) warnings.push({ category: "zaparoo", path: file, reason: "name or size not accepted" });
    else add(name, readFileSync(file));
  }
  const bytes = members.reduce((n, m) => n + m.data.length, 0);
  const categories: BackupCategories = { zaparoo: { files: members.length, bytes, enabled: true } };
  const manifest: Manifest = {
    version: MANIFEST_VERSION,
    createdAt: createdAt.toISOString(),
    platform: src.platform,
    coreVersion: src.coreVersion,
    configSchema: src.configSchema,
    userDbVersion: src.userDbVersion,
    categories,
    ...(warnings.length ? { warnings } : {}),
    files: members.map((m) => ({ archivePath: m.name, restorePath: m.name, category: "zaparoo", sha256: sha256Hex(m.data), size: m.data.length })),
  };
  const manifestBytes = new TextEncoder().encode(`${JSON.stringify(manifest, null, 2)}\n`);
  return { bytes: writeStoredZip([{ name: MANIFEST, data: manifestBytes }, ...members], createdAt), manifest };
}

/** Why an archive cannot be used; the message names the backup and the problem. */
export class ArchiveError extends Error {}

/**
 * Opens an archive and checks its manifest. With `verify`, every member must also match its size and SHA-256,
 * and no member may be missing or unlisted; the members are returned by path.
 */
export function openArchive(bytes: Uint8Array, verify: boolean): { manifest: Manifest; members: Map<string, Uint8Array> } {
  let entries: ZipMember[];
  try {
    entries = readStoredZip(bytes);
  } catch (err) {
    throw new ArchiveError(`not a readable backup archive (${(err as Error).message})`);
  }
  const members = new Map(entries.map((e) => [e.name, e.data]));
  const raw = members.get(MANIFEST);
  if (!raw) throw new ArchiveError("no manifest.json");
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder().decode(raw));
  } catch {
    throw new ArchiveError("manifest.json is not JSON");
  }
  const manifest = Manifest(parsed);
  if (manifest instanceof type.errors) throw new ArchiveError(`manifest.json is malformed: ${manifest.summary}`);
  if (manifest.version !== MANIFEST_VERSION) throw new ArchiveError(`manifest version ${manifest.version} is not supported`);
  members.delete(MANIFEST);
  if (!verify) return { manifest, members };
  const listed = new Set<string>();
  for (const f of manifest.files) {
    if (f.archivePath !== f.restorePath || !MEMBER_PATH.test(f.archivePath) || listed.has(f.archivePath)) throw new ArchiveError(`manifest lists an unacceptable path: ${f.archivePath}`);
    listed.add(f.archivePath);
    const data = members.get(f.archivePath);
    if (!data) throw new ArchiveError(`${f.archivePath} is missing`);
    if (data.length !== f.size || sha256Hex(data) !== f.sha256) throw new ArchiveError(`${f.archivePath} does not match its SHA-256 in the manifest`);
  }
  for (const name of members.keys()) if (!listed.has(name)) throw new ArchiveError(`${name} is not in the manifest`);
  return { manifest, members };
}
