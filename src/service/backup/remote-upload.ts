import { type } from "arktype";
import type { ConfigStore } from "../../config/store.ts";
import { DomainError } from "../../core/errors.ts";
import { remoteUrlProblem } from "../../core/remote/remote-url.ts";
import type { RemoteRunResult } from "../../core/wire/backup.ts";
import { deviceHeaders, jsonOf, remoteCall } from "../auth/remote-http.ts";
import { type Manifest, sha256Hex } from "./archive.ts";

/** Where an archive goes on the backup server, relative to `backup.remote.base_url`. */
export const UPLOAD_PATH = "/v1/device/backup-archives";
const Stored = type({ "id?": "string", "createdAt?": "string" });

export interface Upload {
  bytes: Uint8Array;
  manifest: Manifest;
  bearer: string;
  backupType: "manual" | "scheduled";
  platform: string;
}

/**
 * Sends one archive (a stored ZIP, the local format without auth.toml) in a single POST with the device's bearer.
 * This is tapserve's own upload, not the reference's content-addressed pack protocol: a server that speaks only
 * that one answers 404 and the run fails with that status.
 */
export async function uploadArchive(config: ConfigStore, up: Upload): Promise<RemoteRunResult> {
  const base = config.current.backup.remote.base_url;
  const problem = remoteUrlProblem(base, true);
  if (problem) throw new DomainError("invalid", `backup.remote.base_url ${problem}`);
  const hash = sha256Hex(up.bytes);
  const answer = await remoteCall(config, {
    method: "POST",
    url: `${base.replace(/\/+$/, "")}${UPLOAD_PATH}`,
    headers: {
      "content-type": "application/zip",
      authorization: `Bearer ${up.bearer}`,
      "zaparoo-backup-type": up.backupType,
      "zaparoo-backup-sha256": hash,
      ...deviceHeaders(up.platform, config.current.service.device_id),
    },
    body: up.bytes,
    timeoutMs: 120_000,
  });
  if (answer.status === 401 || answer.status === 403) throw new DomainError("failed", "the backup server refused the device's credentials; link the device again");
  if (answer.status < 200 || answer.status > 299) throw new DomainError("failed", `the backup server answered ${answer.status}`);
  const stored = Stored(jsonOf(answer));
  const meta = stored instanceof type.errors ? {} : stored;
  const categories = Object.fromEntries(Object.entries(up.manifest.categories).map(([k, v]) => [k, { ...v }]));
  return {
    backup: { id: meta.id ?? hash, backupType: up.backupType, createdAt: meta.createdAt ?? up.manifest.createdAt, sizeBytes: up.bytes.length, manifestHash: `sha256:${hash}`, categories },
    categories,
    uploadedFiles: up.manifest.files.length,
    dedupedFiles: 0,
    uploadedPacks: 1,
    uploadedBytes: up.bytes.length,
  };
}
