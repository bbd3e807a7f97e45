import { existsSync } from "node:fs";
import { basename, extname, isAbsolute, join } from "node:path";
import type { MediaLibrary, SystemDefinition } from "../../core/media-types.ts";
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
 * found under a root folder (`<root>/SNES/Game.sfc`), also through the system's folder names when the first
 * segment is a system id (`SNES/Game.sfc` → `<root>/snes/Game.sfc`). `systemId` (from `?system=`) overrides the
 * system found from the path.
 */
export function resolveTarget(arg: string, deps: ResolveDeps, systemId?: string): LaunchTarget {
  const exists = deps.exists ?? existsSync;
  const forced = systemId ? systemFor(deps.library, systemId) : undefined;
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
  const system = slash > 0 ? deps.library?.systemById(arg.slice(0, slash)) : undefined;
  if (system) {
    for (const root of roots) {
      for (const folder of system.folders) {
        const p = join(root, folder, arg.slice(slash + 1));
        if (exists(p)) return p;
      }
    }
  }
  return undefined;
}

/** An indexed file inside an archive (`…/Pack.zip/Game.sfc`, a zip read as a folder on MiSTer) is there when its archive is. */
function inArchive(path: string, exists: (p: string) => boolean): boolean {
  const at = path.toLowerCase().lastIndexOf(".zip/");
  return at > 0 && exists(path.slice(0, at + 4));
}

export function systemFor(library: MediaLibrary | undefined, id: string): SystemDefinition {
  if (!library) throw new CommandError("media index unavailable: cannot look up system " + id);
  const s = library.systemById(id);
  if (!s) throw new CommandError(`unknown system: ${id}`);
  return s;
}

function decodeSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
