import { statSync } from "node:fs";
import { basename, extname } from "node:path";
import { listZipEntries } from "../shared/zip-entries.ts";

/** A launch reads at most this much of an archive's central directory (the index allows more). */
const MAX_CENTRAL_DIRECTORY = 16 * 1024 * 1024;

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
    const all = listZipEntries(path, MAX_CENTRAL_DIRECTORY);
    const files = all.filter((e) => !e.endsWith("/"));
    const named = files.find((e) => stem(e) === stem(path));
    if (named) return `${path}/${named}`;
    if (files.length === 1 && all.length === 1) return `${path}/${files[0]}`;
  } catch {
    // not a readable archive: MiSTer gets the path as given
  }
  return path;
}
