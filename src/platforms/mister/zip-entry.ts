import { closeSync, fstatSync, openSync, readSync, statSync } from "node:fs";
import { basename, extname } from "node:path";
import { centralDirectoryNames, locateCentralDirectory, ZIP_TAIL_BYTES } from "../../core/zip/central-directory.ts";

const MAX_CENTRAL_DIRECTORY = 16 * 1024 * 1024;

function entries(path: string): string[] {
  const fd = openSync(path, "r");
  try {
    const size = fstatSync(fd).size;
    const readAt = (offset: number, length: number) => {
      const buf = new Uint8Array(Math.max(0, Math.min(length, size - offset)));
      let got = 0;
      while (got < buf.length) {
        const n = readSync(fd, buf, got, buf.length - got, offset + got);
        if (n === 0) break;
        got += n;
      }
      return buf.subarray(0, got);
    };
    const tailLen = Math.min(size, ZIP_TAIL_BYTES);
    const loc = locateCentralDirectory(readAt(size - tailLen, tailLen), size, readAt);
    if (loc.size > MAX_CENTRAL_DIRECTORY) return [];
    return centralDirectoryNames(readAt(loc.offset, loc.size), loc.entries);
  } finally {
    closeSync(fd);
  }
}

const stem = (name: string) => basename(name, extname(name)).toLowerCase();

/**
 * MiSTer cores read files inside a ZIP by `<archive>/<entry>` paths. A path naming the archive itself is turned
 * into its entry as the reference does: the file named like the archive, else its only entry; otherwise (or when
 * the archive cannot be read) the path is kept.
 */
export function zipEntryPath(path: string): string {
  if (extname(path).toLowerCase() !== ".zip") return path;
  try {
    if (!statSync(path).isFile()) return path;
    const all = entries(path);
    const files = all.filter((e) => !e.endsWith("/"));
    const named = files.find((e) => stem(e) === stem(path));
    if (named) return `${path}/${named}`;
    if (files.length === 1 && all.length === 1) return `${path}/${files[0]}`;
  } catch {
    // not a readable archive: MiSTer gets the path as given
  }
  return path;
}
