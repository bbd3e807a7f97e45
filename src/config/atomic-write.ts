import { randomBytes } from "node:crypto";
import { closeSync, fsyncSync, openSync, renameSync, unlinkSync, writeSync } from "node:fs";
import { dirname } from "node:path";

/**
 * Replaces `path` with `content` so that a crash or power cut at any moment leaves either the old file or the
 * new one, never a mix: write a temp file beside it, fsync it, rename over the target, fsync the folder. The
 * temp file has a random name and is created exclusively (`wx`: O_CREAT|O_EXCL, which also refuses a symlink
 * in its place), so nothing planted at a guessable name is followed or overwritten. `durable: false` skips the
 * fsyncs, for a file that is only a shortcut: after a power cut it may be the old one, empty or cut short, so
 * its reader must check what it reads (config/checked-config.ts does).
 */
export function writeFileAtomic(path: string, content: string | Uint8Array, mode = 0o600, o: { durable?: boolean } = {}): void {
  const durable = o.durable ?? true;
  const temp = `${path}.tmp-${randomBytes(8).toString("hex")}`;
  const fd = openSync(temp, "wx", mode);
  try {
    try {
      if (typeof content === "string") writeSync(fd, content);
      else writeSync(fd, content);
      if (durable) fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, path);
  } catch (err) {
    // nothing is left beside the target when the write or the rename fails
    try {
      unlinkSync(temp);
    } catch {}
    throw err;
  }
  if (!durable) return;
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
