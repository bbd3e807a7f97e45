import { type } from "../lazy-arktype.ts";

/**
 * Device backups on the wire (`settings.backup*`, `backup.state`), in the reference's shapes: the phone app's
 * BackupStatusResponse / BackupStatusEntry / BackupCategoryStatus / BackupWarning, and its local-backup object.
 */

/** A backup's file name: `backup-YYYYMMDD-HHMMSS-<kind>[-n].zip`, nothing that could leave the backups folder. */
export const BACKUP_NAME = /^backup-\d{8}-\d{6}-[a-z-]+(-\d+)?\.zip$/;
const BackupName = type("string <= 128").narrow((s, ctx) => BACKUP_NAME.test(s) || ctx.mustBe("a backup name from settings.backup.list (backup-YYYYMMDD-HHMMSS-kind.zip)"));

export const BackupNameParams = type({ "+": "reject", name: BackupName });
export type BackupNameParams = typeof BackupNameParams.infer;

export const BackupCategoryStatus = type({ files: "number", bytes: "number", enabled: "boolean" });
export const BackupWarning = type({ category: "string", path: "string", reason: "string" });
export type BackupWarning = typeof BackupWarning.infer;
const Categories = type({ "[string]": BackupCategoryStatus });
export type BackupCategories = typeof Categories.infer;

/** A local backup archive: what `settings.backup`, `.inspect` and `.restore` report. */
export const LocalBackup = type({
  name: "string",
  "path?": "string",
  createdAt: "string",
  size: "number",
  status: "'success' | 'partial'",
  integrity: "'valid' | 'unchecked'",
  "categories?": Categories,
  "warnings?": BackupWarning.array(),
  "error?": "string",
});
export type LocalBackup = typeof LocalBackup.infer;

export const BackupListEntry = type({ name: "string", "path?": "string", createdAt: "string", size: "number" });
export type BackupListEntry = typeof BackupListEntry.infer;
export const BackupList = BackupListEntry.array();

export const RestoreResult = type({ restoredFrom: LocalBackup, "preRestoreBackup?": LocalBackup });
export type RestoreResult = typeof RestoreResult.infer;

const Schedule = "'daily' | 'weekly' | 'manual'";
export const BackupStatusEntry = type({
  "lastRunAt?": "string",
  "lastSuccessAt?": "string",
  "lastSnapshotCreatedAt?": "string",
  "availabilityCheckedAt?": "string",
  "deviceName?": "string",
  "linkedAt?": "string",
  "categories?": Categories,
  "schedule?": Schedule,
  "lastError?": "string",
  "availability?": "'available' | 'unavailable' | 'unknown'",
  lastStatus: "'never' | 'running' | 'success' | 'partial' | 'failed'",
  "warnings?": BackupWarning.array(),
  lastBackupSize: "number",
  "skippedFiles?": "number",
  "linked?": "boolean",
  enabled: "boolean",
  "lastRunNoChanges?": "boolean",
});
export type BackupStatusEntry = typeof BackupStatusEntry.infer;

export const BackupStatus = type({
  "activeSince?": "string",
  "activeOperation?": "string",
  local: BackupStatusEntry,
  remote: BackupStatusEntry,
});
export type BackupStatus = typeof BackupStatus.infer;

/** `settings.backup.remote.run`: the snapshot committed to the configured backup server (only missing objects sent). */
export const RemoteRunResult = type({
  backup: { id: "string", backupType: "string", createdAt: "string", sizeBytes: "number", manifestHash: "string", categories: Categories },
  categories: Categories,
  uploadedFiles: "number",
  dedupedFiles: "number",
  uploadedPacks: "number",
  uploadedBytes: "number",
  "skippedFiles?": "number",
  "warnings?": BackupWarning.array(),
  "noChanges?": "boolean",
  "storageUsedBytes?": "number",
  "storageQuotaBytes?": "number",
});
export type RemoteRunResult = typeof RemoteRunResult.infer;

/** A snapshot on the backup server (`settings.backup.remote.list` items; what a remote restore came from). */
export const RemoteBackupInfo = type({
  id: "string",
  backupType: "string",
  schemaVersion: "number",
  createdAt: "string",
  manifestHash: "string",
  sizeBytes: "number",
  categories: type({ "[string]": { files: "number", bytes: "number" } }),
  "coreVersion?": "string",
  "platform?": "string",
  "verifiedAt?": "string",
  "restoredAt?": "string",
  "sourceDevice?": { id: "string", name: "string", linked: "boolean", current: "boolean", "platform?": "string" },
  /** Committed with a newer schema version than this service restores. */
  "incompatible?": "boolean",
});
export type RemoteBackupInfo = typeof RemoteBackupInfo.infer;

export const RemoteBackupList = type({ items: RemoteBackupInfo.array(), storageUsedBytes: "number", storageQuotaBytes: "number" });
export type RemoteBackupList = typeof RemoteBackupList.infer;

export const RemoteRestoreParams = type({ "+": "reject", id: "0 < string <= 256" });
export type RemoteRestoreParams = typeof RemoteRestoreParams.infer;

export const RemoteRestoreResult = type({ restoredFrom: RemoteBackupInfo, "preRestoreBackup?": LocalBackup });
export type RemoteRestoreResult = typeof RemoteRestoreResult.infer;

/** `backup.state`: the running operation's state, and once more with `finished` when it ends. */
export const BackupState = type({ "operation?": "string", paused: "boolean", throttled: "boolean", "finished?": "boolean" });
export type BackupState = typeof BackupState.infer;
