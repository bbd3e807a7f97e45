import { BackupList, BackupNameParams, BackupStatus, LocalBackup, RemoteBackupList, RemoteRestoreParams, RemoteRestoreResult, RemoteRunResult, RestoreResult } from "../../core/wire/backup.ts";
import type { BackupService } from "../../service/backup/backup-service.ts";
import { defineMethod } from "../rpc/method.ts";
import { requireAdmin } from "./admin.ts";

const example = { name: "backup-20260710-120000-manual.zip" };

/** `settings.backup*`: local archives, their restore, status, and the remote copy (admin callers only). */
export function backupMethods(deps: { backup: BackupService }) {
  const b = deps.backup;
  return [
    defineMethod({
      name: "settings.backup",
      summary: "Writes a backup archive (config, credentials, user database, mapping files) into the data folder's backups/.",
      params: null,
      result: LocalBackup,
      handler: (_p, caller) => (requireAdmin(caller, "settings.backup"), b.create()),
    }),
    defineMethod({
      name: "settings.backup.list",
      summary: "Local backup archives, newest first.",
      params: null,
      result: BackupList,
      handler: (_p, caller) => (requireAdmin(caller, "settings.backup.list"), b.list()),
    }),
    defineMethod({
      name: "settings.backup.inspect",
      summary: "A backup's manifest account (integrity `unchecked`: the restore verifies every member).",
      params: BackupNameParams,
      result: LocalBackup,
      example,
      handler: (p, caller) => (requireAdmin(caller, "settings.backup.inspect"), b.inspect(p.name)),
    }),
    defineMethod({
      name: "settings.backup.delete",
      summary: "Deletes a local backup archive.",
      params: BackupNameParams,
      example,
      handler: async (p, caller) => {
        requireAdmin(caller, "settings.backup.delete");
        await b.delete(p.name);
        return {};
      },
    }),
    defineMethod({
      name: "settings.backup.restore",
      summary:
        "Verifies a backup whole (manifest, SHA-256 of every member, config schema, database version and integrity), keeps a pre-restore backup, then applies it all or nothing; this device's id and paired clients stay. Refused while media runs (1002).",
      params: BackupNameParams,
      result: RestoreResult,
      example,
      handler: (p, caller) => (requireAdmin(caller, "settings.backup.restore"), b.restore(p.name)),
    }),
    defineMethod({
      name: "settings.backup.status",
      summary: "Local and remote backup state (the phone app's BackupStatusResponse).",
      params: null,
      result: BackupStatus,
      handler: () => b.report(),
    }),
    defineMethod({
      name: "settings.backup.remote.run",
      summary:
        "Backs up config.toml, the user database and mapping files (never credentials) to backup.remote.base_url in the reference's content-addressed protocol: only objects the server lacks are uploaded, in packs; the snapshot's manifest is committed and checked.",
      params: null,
      result: RemoteRunResult,
      handler: (_p, caller) => (requireAdmin(caller, "settings.backup.remote.run"), b.runRemote("manual")),
    }),
    defineMethod({
      name: "settings.backup.remote.list",
      summary: "The snapshots on the backup server the device is linked to, with the account's storage use.",
      params: null,
      result: RemoteBackupList,
      handler: (_p, caller) => (requireAdmin(caller, "settings.backup.remote.list"), b.listRemote()),
    }),
    defineMethod({
      name: "settings.backup.remote.restore",
      summary:
        "Restores a snapshot from the backup server: its manifest checked, every object downloaded and verified by SHA-256 before anything changes, then applied like a local backup (a pre-restore backup is kept; this device's credentials stay). Refused while media runs (1002).",
      params: RemoteRestoreParams,
      result: RemoteRestoreResult,
      example: { id: "snap-1" },
      handler: (p, caller) => (requireAdmin(caller, "settings.backup.remote.restore"), b.restoreRemote(p.id)),
    }),
  ];
}
