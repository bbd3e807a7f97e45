import { join } from "node:path";
import { type CatalogSystem, systemCatalog } from "../../core/systems/catalog.ts";
import { planIndex } from "../media/indexer.ts";

/**
 * The folder a remote file of a system is installed into. The reference always uses `<data dir>/media/<system
 * id>` (its `findInstallDir`, whose own note wishes it could find the platform's games folder instead). Here the
 * system's first folder as an index run finds it comes first (under the media roots, configured
 * `launchers.index_root` first, then the platform's, a folder named for the system in any case: `games/SNES`,
 * `roms/snes`; media/indexer.ts planIndex), so the file is indexed and found like the rest of the collection. Only
 * when there is none does it go where the reference puts it, `<data dir>/media/<system id>`.
 */
export function installFolder(system: CatalogSystem, roots: readonly string[], dataDir: string): string {
  const [planned] = planIndex(systemCatalog(), roots, [system]);
  return planned?.folders[0] ?? join(dataDir, "media", system.id);
}
