import { existsSync } from "node:fs";
import { basename, extname, isAbsolute, join } from "node:path";
import type { MediaLibrary } from "../../core/media-types.ts";
import { type CatalogSystem, systemCatalog } from "../../core/systems/catalog.ts";
import { namedSystem } from "./named-systems.ts";
import { CommandError } from "./commands/types.ts";
import type { LaunchTarget } from "../../platforms/shared/launcher.ts";

const URL_RE = /^([a-z][a-z0-9+.-]*):\/\//i;

export interface ResolveDeps {
  library?: MediaLibrary;
  rootFolders(): string[];
  exists?(path: string): boolean;
}

/**
 * Turns the argument of `launch` into a target: a URL as is; an absolute path that exists; or a relative path
 * found under a root folder (`<root>/SNES/Game.sfc`), also through the folder names of a system the first segment
 * names, then of its fallbacks (`snes/Game.sfc`, `Super Famicom/Game.sfc` → `<root>/SNES/Game.sfc`). `systemName`
 * (from `?system=`, any name of a system) overrides the system found from the path; an unknown one is refused.
 */
export function resolveTarget(arg: string, deps: ResolveDeps, systemName?: string): LaunchTarget {
  const exists = deps.exists ?? existsSync;
  const forced = systemName ? namedSystem(systemName) : undefined;
  const url = URL_RE.exec(arg);
  if (url) {
    const scheme = url[1]!.toLowerCase();
    const name = decodeSafe(arg.replace(/[?#].*$/, "").split("/").filter(Boolean).pop() ?? arg);
    return { path: arg, extension: "", scheme, system: forced, name };
  }
  const path = findFile(arg, deps, exists);
  if (!path) {
    const roots = deps.rootFolders();
    throw new CommandError(
      isAbsolute(arg) ? `media not found: ${arg}` : `media not found: ${arg} (looked in ${roots.length ? roots.join(", ") : "no root folders; set launchers.index_root"})`,
      false,
      "media_not_found",
    );
  }
  const extension = extname(path).toLowerCase();
  const system = forced ?? deps.library?.systemForPath(path);
  return { path, extension, scheme: "", system, name: basename(path, extname(path)) };
}

function findFile(arg: string, deps: ResolveDeps, exists: (p: string) => boolean): string | undefined {
  if (isAbsolute(arg)) return exists(arg) ? arg : undefined;
  const viaLibrary = deps.library?.resolvePath(arg);
  if (viaLibrary && (exists(viaLibrary) || inArchive(viaLibrary, exists))) return viaLibrary;
  const roots = deps.rootFolders();
  for (const root of roots) {
    const p = join(root, arg);
    if (exists(p)) return p;
  }
  const slash = arg.indexOf("/");
  const system = slash > 0 ? systemCatalog().lookupSystem(arg.slice(0, slash)) : undefined;
  if (system) {
    for (const folder of systemFolders(system)) {
      for (const root of roots) {
        const p = join(root, folder, arg.slice(slash + 1));
        if (exists(p)) return p;
      }
    }
  }
  return undefined;
}

/** The folder names of a system, then of its fallbacks (whose launchers the reference also looks under), once each. */
function systemFolders(system: CatalogSystem): string[] {
  const catalog = systemCatalog();
  const systems = [system, ...system.fallbacks.flatMap((id) => catalog.byIdExact(id) ?? [])];
  return [...new Set(systems.flatMap((s) => s.folders))];
}

/** An indexed file inside an archive (`…/Pack.zip/Game.sfc`, a zip read as a folder on MiSTer) is there when its archive is. */
function inArchive(path: string, exists: (p: string) => boolean): boolean {
  const at = path.toLowerCase().lastIndexOf(".zip/");
  return at > 0 && exists(path.slice(0, at + 4));
}

function decodeSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
