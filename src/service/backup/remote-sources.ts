import { createHash } from "node:crypto";
import { closeSync, openSync, readSync, rmSync, statSync } from "node:fs";
import { relative, sep } from "node:path";
import type { BackupWarning } from "../../core/wire/backup.ts";
import type { SqlDatabase } from "../../runtime/types.ts";
import { MEMBER_PATH, mappingFiles } from "./archive.ts";
import type { RemoteFile } from "./remote-manifest.ts";

/**
 * What a remote backup holds, as files on disk (the remote copy never carries auth.toml): config.toml, a
 * consistent copy of the user database (`VACUUM INTO` a scratch file kept until the run ends) and the mapping
 * files, each hashed by reading it in 1 MiB pieces so no file is held whole.
 */
export interface RemoteSources {
  configPath: string;
  mappingsDir: string;
  userDb: SqlDatabase;
  scratchDbPath: string;
}

export interface CollectedSources {
  files: RemoteFile[];
  warnings: BackupWarning[];
  cleanup: () => void;
}

const CHUNK = 1024 * 1024;

export function hashFile(path: string): { sha256: string; size: number } {
  const hash = createHash("sha256");
  const buf = Buffer.allocUnsafe(CHUNK);
  const fd = openSync(path, "r");
  let size = 0;
  try {
    for (let n = readSync(fd, buf, 0, CHUNK, null); n > 0; n = readSync(fd, buf, 0, CHUNK, null)) {
      hash.update(buf.subarray(0, n));
      size += n;
    }
  } finally {
    closeSync(fd);
  }
  return { sha256: hash.digest("hex"), size };
}

export function collectRemoteSources(src: RemoteSources): CollectedSources {
  const cleanup = () => rmSync(src.scratchDbPath, { force: true });
  cleanup();
  try {
    const files: RemoteFile[] = [];
    const warnings: BackupWarning[] = [];
    const add = (path: string, source: string) => files.push({ path, source, category: "zaparoo", ...hashFile(source) });
    add("config.toml", src.configPath);
    src.userDb.exec(`VACUUM INTO '${src.scratchDbPath.replaceAll("'", "''")}'`);
    add("user.db", src.scratchDbPath);
    for (const file of mappingFiles(src.mappingsDir)) {
      const name = `mappings/${relative(src.mappingsDir, file).split(sep).join("/")}`;
      if (!MEMBER_PATH.test(name) || statSync(file).size > 16 * 1024 * 1024) warnings.push({ category: "zaparoo", path: file, reason: "name or size not accepted" });
      else add(name, file);
    }
    return { files, warnings, cleanup };
  } catch (err) {
    cleanup();
    throw err;
  }
}
