import { type } from "../../core/lazy-arktype.ts";
import { DomainError } from "../../core/errors.ts";
import type { BackupWarning, RemoteRunResult } from "../../core/wire/backup.ts";
import { log } from "../../log.ts";
import { MANIFEST_ANSWER_LIMIT, MissingObjects, type RemoteClient } from "./remote-client.ts";
import { canonicalManifest, categorySummaries, EMPTY_SHA256, type ManifestCategories, manifestCategories, REMOTE_SCHEMA_VERSION, type RemoteFile, uniqueHashes } from "./remote-manifest.ts";
import { buildPack, PACK_LIMITS, type PackLimits, planPacks, SourceChanged } from "./remote-pack.ts";
import { hashFile } from "./remote-sources.ts";
import { RemoteSnapshot } from "./remote-snapshot.ts";

/**
 * A remote backup in the reference's content-addressed protocol: announce the device (heartbeat) and check the
 * account may back up (`/v1/device/me`), ask which content hashes the server lacks (batches of 10,000), check the
 * quota, upload only those objects in packs (PUT by the pack's SHA-256), then commit the manifest as a snapshot
 * and check the server's answer against it (platform, type, schema version, canonical manifest hash, sizes).
 */
const CHECK_BATCH = 10_000;
const logger = log.withTag("backup");

const Missing = type({ missing: "string[]" });
const Usage = type({ "storage_used_bytes?": "number", "storage_quota_bytes?": "number" });
const Me = type({ "backup_active?": "boolean" });
const Committed = RemoteSnapshot;
const CommittedManifest = type({ format: "string", categories: type({ "[string]": type({ path: "string", sha256: "string", size: "number" }).array() }) });

export interface SnapshotRequest {
  files: RemoteFile[];
  warnings: BackupWarning[];
  backupType: "manual" | "scheduled";
  coreVersion: string;
  platform: string;
  limits?: PackLimits;
}

const bad = (what: string) => new DomainError("failed", `the backup server's answer ${what}`);

async function checkMissing(client: RemoteClient, hashes: string[]): Promise<Set<string>> {
  const missing = new Set<string>();
  for (let i = 0; i < hashes.length; i += CHECK_BATCH) {
    const answer = Missing(await client.json("POST", "/v1/device/backup-objects/check", { hashes: hashes.slice(i, i + CHECK_BATCH) }));
    if (answer instanceof type.errors) throw bad("to the object check is malformed");
    for (const h of answer.missing) missing.add(h);
  }
  return missing;
}

async function storage(client: RemoteClient): Promise<{ used: number; quota: number }> {
  const answer = Usage(await client.json("GET", "/v1/device/backups", undefined, MANIFEST_ANSWER_LIMIT));
  if (answer instanceof type.errors) throw bad("listing backups is malformed");
  return { used: answer.storage_used_bytes ?? 0, quota: answer.storage_quota_bytes ?? 0 };
}

/** Uploads what the server lacks; returns the packs and bytes sent and the files that fit no pack. */
async function uploadMissing(client: RemoteClient, files: RemoteFile[], missing: Set<string>, limits: PackLimits) {
  const plan = planPacks(files, missing, limits);
  if (plan.uploadBytes > 0) {
    const { used, quota } = await storage(client);
    if (used > quota || plan.uploadBytes > quota - used) throw new DomainError("failed", "remote backup quota exceeded");
  }
  let bytes = 0;
  for (const pack of plan.packs) {
    const { body, hash } = buildPack(pack);
    await client.bytes("PUT", `/v1/device/backup-packs/${hash}`, body);
    bytes += body.length;
  }
  return { packs: plan.packs.length, bytes, skipped: plan.skipped };
}

function verifySources(files: readonly RemoteFile[]): void {
  for (const f of files) {
    const now = hashFile(f.source);
    if (now.size !== f.size || now.sha256 !== f.sha256) throw new SourceChanged(`${f.path} changed while it was backed up`);
  }
}

function validateCommit(answer: unknown, categories: ManifestCategories, req: SnapshotRequest) {
  const c = Committed(answer);
  if (c instanceof type.errors) throw bad(`to the commit is malformed: ${c.summary}`);
  if (c.platform !== req.platform) throw bad(`names another platform (${String(c.platform)})`);
  if (!c.id || c.schema_version !== REMOTE_SCHEMA_VERSION || (!c.deduplicated && c.backup_type !== req.backupType)) throw bad("to the commit does not match the request");
  const m = CommittedManifest(typeof c.manifest === "string" ? JSON.parse(c.manifest) : c.manifest);
  if (m instanceof type.errors || m.format !== "cas-v1") throw bad("to the commit carries no cas-v1 manifest");
  const theirs = canonicalManifest(m.categories);
  if (theirs.hash !== c.manifest_hash.toLowerCase()) throw bad("has a manifest hash that does not match its manifest");
  if (theirs.text !== canonicalManifest(categories).text) throw bad("holds a manifest other than the one committed");
  const total = Object.values(categories).flat().reduce((n, e) => n + e.size, 0);
  if (c.size_bytes !== total) throw bad("reports another size than the manifest's");
  return c;
}

export async function uploadSnapshot(client: RemoteClient, req: SnapshotRequest): Promise<RemoteRunResult> {
  const limits = req.limits ?? PACK_LIMITS;
  await client.json("POST", "/v1/device/heartbeat", { capabilities: { backup: 1 }, core_version: req.coreVersion });
  const me = Me(await client.json("GET", "/v1/device/me"));
  if (me instanceof type.errors || me.backup_active !== true) throw new DomainError("failed", "remote backup is not available for this account", { reason: "not-available" });

  let files = req.files;
  const missing = await checkMissing(client, uniqueHashes(files));
  const sent = await uploadMissing(client, files, missing, limits);
  if (sent.skipped.length) {
    const gone = new Set(sent.skipped.map((f) => f.sha256));
    files = files.filter((f) => !gone.has(f.sha256));
    for (const h of gone) missing.delete(h);
    logger.warn(`${sent.skipped.length} file(s) too large for a remote backup pack were left out: ${sent.skipped.map((f) => f.path).join(", ")}`);
  }
  const categories = manifestCategories(files);
  const body = { core_version: req.coreVersion, categories, backup_type: req.backupType, schema_version: REMOTE_SCHEMA_VERSION };
  verifySources(files);
  let answer: unknown;
  try {
    answer = await client.json("POST", "/v1/device/backups", body, MANIFEST_ANSWER_LIMIT);
  } catch (err) {
    if (!(err instanceof MissingObjects)) throw err;
    const again = await checkMissing(client, uniqueHashes(files));
    const repair = await uploadMissing(client, files, again, limits);
    if (repair.skipped.length) throw new DomainError("failed", "the backup server is missing objects too large to upload");
    sent.packs += repair.packs;
    sent.bytes += repair.bytes;
    for (const h of again) missing.add(h);
    verifySources(files);
    answer = await client.json("POST", "/v1/device/backups", body, MANIFEST_ANSWER_LIMIT);
  }
  const c = validateCommit(answer, categories, req);
  const usage = await storage(client).catch((err: Error) => (logger.warn(`cannot refresh remote backup usage: ${err.message}`), null));
  const hashes = uniqueHashes(files).filter((h) => h !== EMPTY_SHA256);
  const uploadedFiles = hashes.filter((h) => missing.has(h)).length;
  const summary = Object.fromEntries(Object.entries(categorySummaries(categories)).map(([k, v]) => [k, { ...v, enabled: true }]));
  return {
    backup: { id: c.id, backupType: c.backup_type, createdAt: c.created_at, sizeBytes: c.size_bytes, manifestHash: c.manifest_hash, categories: summary },
    categories: summary,
    uploadedFiles,
    dedupedFiles: uniqueHashes(files).length - uploadedFiles,
    uploadedPacks: sent.packs,
    uploadedBytes: sent.bytes,
    ...(sent.skipped.length ? { skippedFiles: sent.skipped.length } : {}),
    ...(req.warnings.length ? { warnings: req.warnings } : {}),
    ...(c.deduplicated ? { noChanges: true } : {}),
    ...(usage ? { storageUsedBytes: usage.used, storageQuotaBytes: usage.quota } : {}),
  };
}
