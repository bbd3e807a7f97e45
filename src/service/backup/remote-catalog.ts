import { type } from "../../core/lazy-arktype.ts";
import { DomainError } from "../../core/errors.ts";
import type { RemoteBackupInfo, RemoteBackupList } from "../../core/wire/backup.ts";
import { MEMBER_PATH } from "./archive.ts";
import { RemoteSnapshot } from "./remote-snapshot.ts";
import { MANIFEST_ANSWER_LIMIT, type RemoteClient } from "./remote-client.ts";
import { canonicalManifest, categorySummaries, MANIFEST_FORMAT, type ManifestEntry, REMOTE_SCHEMA_VERSION } from "./remote-manifest.ts";

/**
 * The snapshots on the backup server: listed (`GET /v1/device/backups`, with the account's storage use) and
 * fetched one by one with their manifest, which is checked before anything is downloaded: the canonical hash
 * must be the one the server reports, sizes and summaries must agree, the platform must be this one, and every
 * path must be one a restore may write (config.toml, user.db, a mapping file; never credentials).
 */
const Snapshot = RemoteSnapshot;
type Snapshot = RemoteSnapshot;
const List = type({ items: Snapshot.array().or("null"), "storage_used_bytes?": "number", "storage_quota_bytes?": "number" });
const Manifest = type({ format: "string", categories: type({ "[string]": type({ path: "string", sha256: /^[0-9a-f]{64}$/, size: "number.integer >= 0" }).array() }) });

const bad = (what: string) => new DomainError("failed", `the remote backup ${what}`);

function toInfo(s: Snapshot): RemoteBackupInfo {
  const d = s.source_device;
  return {
    id: s.id,
    backupType: s.backup_type,
    schemaVersion: s.schema_version,
    createdAt: s.created_at,
    manifestHash: s.manifest_hash,
    sizeBytes: s.size_bytes,
    categories: s.categories ?? {},
    ...(s.core_version ? { coreVersion: s.core_version } : {}),
    ...(s.platform ? { platform: s.platform } : {}),
    ...(s.verified_at ? { verifiedAt: s.verified_at } : {}),
    ...(s.restored_at ? { restoredAt: s.restored_at } : {}),
    ...(d ? { sourceDevice: { id: d.id, name: d.name, linked: d.linked ?? false, current: d.current ?? false, ...(d.platform ? { platform: d.platform } : {}) } } : {}),
    ...(s.schema_version > REMOTE_SCHEMA_VERSION ? { incompatible: true } : {}),
  };
}

export async function listRemote(client: RemoteClient): Promise<RemoteBackupList> {
  const answer = List(await client.json("GET", "/v1/device/backups", undefined, MANIFEST_ANSWER_LIMIT));
  if (answer instanceof type.errors) throw new DomainError("failed", `the backup server's list is malformed: ${answer.summary}`);
  return { items: (answer.items ?? []).map(toInfo), storageUsedBytes: answer.storage_used_bytes ?? 0, storageQuotaBytes: answer.storage_quota_bytes ?? 0 };
}

/** The path of one snapshot (its id escaped; `.` and `..` cannot walk up). */
export const snapshotPath = (id: string) => `/v1/device/backups/${encodeURIComponent(id).replaceAll(".", "%2E")}`;

/** One snapshot with its checked manifest entries (only the `zaparoo` category is restored here). */
export async function fetchSnapshot(client: RemoteClient, id: string, platform: string): Promise<{ info: RemoteBackupInfo; entries: ManifestEntry[] }> {
  const s = Snapshot(await client.json("GET", snapshotPath(id), undefined, MANIFEST_ANSWER_LIMIT));
  if (s instanceof type.errors) throw bad(`answer is malformed: ${s.summary}`);
  if (s.id !== id) throw bad(`answer names ${s.id}, not ${id}`);
  if (s.schema_version > REMOTE_SCHEMA_VERSION) throw new DomainError("failed", `backup ${id} needs a newer version (schema ${s.schema_version}, this one restores ${REMOTE_SCHEMA_VERSION})`);
  if (s.platform !== platform) throw bad(`${id} was made on ${String(s.platform)}, not ${platform}`);
  const m = Manifest(typeof s.manifest === "string" ? JSON.parse(s.manifest) : s.manifest);
  if (m instanceof type.errors || m.format !== MANIFEST_FORMAT) throw bad(`${id} carries no readable cas-v1 manifest`);
  if (canonicalManifest(m.categories).hash !== s.manifest_hash.toLowerCase()) throw bad(`${id}'s manifest does not match its hash`);
  const others = Object.keys(m.categories).filter((k) => k !== "zaparoo" && m.categories[k]?.length);
  if (others.length) throw bad(`${id} holds categories this device does not restore: ${others.join(", ")}`);
  const entries = m.categories.zaparoo ?? [];
  const summary = categorySummaries({ zaparoo: entries }).zaparoo;
  if (entries.reduce((n, e) => n + e.size, 0) !== s.size_bytes || (s.categories?.zaparoo && (s.categories.zaparoo.files !== summary?.files || s.categories.zaparoo.bytes !== summary?.bytes))) throw bad(`${id}'s sizes do not match its manifest`);
  const seen = new Set<string>();
  for (const e of entries) {
    if (e.path === "auth.toml" || !MEMBER_PATH.test(e.path) || seen.has(e.path)) throw bad(`${id} names a path this device does not restore: ${e.path}`);
    seen.add(e.path);
  }
  if (!seen.has("config.toml") || !seen.has("user.db")) throw bad(`${id} holds no config.toml or no user.db`);
  return { info: toInfo(s), entries };
}
