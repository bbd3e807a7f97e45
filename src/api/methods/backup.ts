import { BackupList, BackupNameParams, BackupStatus, LocalBackup, RemoteRunResult, RestoreResult } from "../../core/wire/backup.ts";
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
      summary: "Uploads a backup archive without credentials to backup.remote.base_url with the device's stored bearer.",
      params: null,
      result: RemoteRunResult,
      handler: (_p, caller) => (requireAdmin(caller, "settings.backup.remote.run"), b.runRemote("manual")),
    }),
  ];
}
