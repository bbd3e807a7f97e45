import { closeSync, fsyncSync, openSync, renameSync, unlinkSync, writeSync } from "node:fs";
import { dirname } from "node:path";

/**
 * Replaces `path` with `content` so that a crash or power cut at any moment leaves either the old file or the
 * new one, never a mix: write a temp file beside it, fsync it, rename over the target, fsync the folder.
 */
export function writeFileAtomic(path: string, content: string, mode = 0o600): void {
  const temp = `${path}.tmp-${process.pid}`;
  const fd = openSync(temp, "w", mode);
  try {
    writeSync(fd, content);
    fsyncSync(fd);
  } catch (err) {
    closeSync(fd);
    try {
      unlinkSync(temp);
    } catch {}
    throw err;
  }
  closeSync(fd);
  renameSync(temp, path);
  try {
    const dirFd = openSync(dirname(path), "r");
    try {
      fsyncSync(dirFd);
    } finally {
      closeSync(dirFd);
    }
  } catch {
    // Some filesystems (exFAT through FUSE, for one) refuse fsync on a directory; the rename itself stands.
  }
}
