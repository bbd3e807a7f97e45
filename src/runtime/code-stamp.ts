import { statSync } from "node:fs";

/** A file's identity as `size:mtime:inode` (any replacement of the file changes it), or null when it cannot be read. */
export function fileStamp(path: string): string | null {
  try {
    const st = statSync(path, { bigint: true });
    return `${st.size}:${st.mtimeNs}:${st.ino}`;
  } catch {
    return null;
  }
}
