import { readdirSync } from "node:fs";
import { join } from "node:path";
import type { CatalogSystem } from "../../core/systems/catalog.ts";

/**
 * The folder a remote file of a system is installed into. The reference always uses `<data dir>/media/<system
 * id>` (its `findInstallDir`, whose own note wishes it could find the platform's games folder instead). Here the
 * system's folder under the media roots comes first: the first root (configured `launchers.index_root` first,
 * then the platform's) holding a folder named for the system (its MiSTer or ES name, any case: `games/SNES`,
 * `roms/snes`), so the file is indexed and found like the rest of the collection. Only when no root has one does
 * it go where the reference puts it, `<data dir>/media/<system id>`.
 */
export function installFolder(system: CatalogSystem, roots: readonly string[], dataDir: string): string {
  const wanted = system.folders.map((f) => f.toLowerCase());
  for (const root of roots) {
    let dirs: string[];
    try {
      dirs = readdirSync(root, { withFileTypes: true })
        .filter((e) => e.isDirectory() || e.isSymbolicLink())
        .map((e) => e.name);
    } catch {
      continue; // a root that is not there (an unplugged drive)
    }
    for (const folder of wanted) {
      const hit = dirs.find((d) => d.toLowerCase() === folder);
      if (hit) return join(root, hit);
    }
  }
  return join(dataDir, "media", system.id);
}
