import { type } from "../../core/lazy-arktype.ts";

/**
 * A snapshot as the backup server describes it: in its list, when one is fetched for a restore, and as the answer
 * to a commit (which adds `deduplicated` when the same manifest was already stored).
 */
const SourceDevice = type({ id: "string", name: "string", "linked?": "boolean", "current?": "boolean", "platform?": "string | null" });
export const RemoteSnapshot = type({
  id: "string",
  backup_type: "string",
  schema_version: "number",
  created_at: "string",
  manifest_hash: "string",
  size_bytes: "number",
  "categories?": type({ "[string]": { files: "number", bytes: "number" } }).or("null"),
  "core_version?": "string | null",
  "platform?": "string | null",
  "verified_at?": "string | null",
  "restored_at?": "string | null",
  "source_device?": SourceDevice.or("null"),
  "manifest?": "unknown",
  "deduplicated?": "boolean",
});
export type RemoteSnapshot = typeof RemoteSnapshot.infer;
