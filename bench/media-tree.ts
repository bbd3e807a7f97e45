import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { nameGenerator } from "./media-names.ts";

export interface TreeSystem {
  /** Folder name under the root (e.g. "SNES"). */
  folder: string;
  /** Extension used for its files, with the dot. */
  ext: string;
}

/**
 * Writes a synthetic ROM tree: `files` empty files spread evenly over `systems`, each system folder holding a
 * flat part and nested sub-folders ("A-F/Disc sets/…"), the way real collections are laid out. Deterministic.
 * Returns the absolute paths in walk order is not promised; it returns the number of files written.
 */
export function writeTree(root: string, systems: readonly TreeSystem[], files: number, seed = 1): number {
  const next = nameGenerator(seed);
  const perSystem = Math.ceil(files / systems.length);
  let written = 0;
  for (const sys of systems) {
    const base = join(root, sys.folder);
    mkdirSync(base, { recursive: true });
    const count = Math.min(perSystem, files - written);
    for (let i = 0; i < count; i++) {
      // a third at the top, the rest in sub-folders of ~150 files, every fourth one a level deeper
      const bucket = i < count / 3 ? -1 : Math.floor(i / 150);
      let dir = base;
      if (bucket >= 0) {
        dir = join(base, `Set ${bucket}`, ...(bucket % 4 === 0 ? ["Hacks & Translations"] : []));
        if (i % 150 === 0 || i === Math.ceil(count / 3)) mkdirSync(dir, { recursive: true });
      }
      writeFileSync(join(dir, `${next()}${sys.ext}`), "");
      written++;
    }
  }
  return written;
}
