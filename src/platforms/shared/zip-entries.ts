import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { centralDirectoryNames, locateCentralDirectory, ZIP_TAIL_BYTES } from "../../core/zip/central-directory.ts";

/** Archives larger than this central directory are refused (a corrupt size would otherwise allocate GBs). */
const MAX_CENTRAL_DIRECTORY = 64 * 1024 * 1024;

/**
 * Names of the files inside a ZIP archive, read from its central directory only (nothing is decompressed); throws
 * for an archive it cannot read or whose central directory exceeds `maxCentralDirectory` bytes.
 */
export function listZipEntries(path: string, maxCentralDirectory = MAX_CENTRAL_DIRECTORY): string[] {
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
    if (loc.size > maxCentralDirectory) throw new Error(`central directory too large (${loc.size} bytes)`);
    return centralDirectoryNames(readAt(loc.offset, loc.size), loc.entries);
  } finally {
    closeSync(fd);
  }
}
