/**
 * What the backup operations run (archives, restores, the backup server's client and its schemas), loaded by
 * backup-service.ts at the first operation: an idle service, which backs up hourly at most, holds none of it.
 */
export { ArchiveError, collectArchive, MAX_ARCHIVE_BYTES, openArchive } from "./archive.ts";
export { fetchSnapshot, listRemote, snapshotPath } from "./remote-catalog.ts";
export { RemoteClient } from "./remote-client.ts";
export { SourceChanged } from "./remote-pack.ts";
export { downloadObjects } from "./remote-restore.ts";
export { collectRemoteSources } from "./remote-sources.ts";
export { uploadSnapshot } from "./remote-upload.ts";
export { applyRestore } from "./restore.ts";
