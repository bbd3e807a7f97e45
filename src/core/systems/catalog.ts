import type { SystemDefinition, SystemInfo } from "../media-types.ts";
import data from "./systems.json" with { type: "json" };

/** One entry of systems.json: the folders are kept per layout. */
interface SystemRecord {
  id: string;
  name: string;
  category: string;
  manufacturer?: string;
  releaseDate?: string;
  folders: { mister: string[]; roms: string[] };
  extensions: string[];
}

/**
 * The systems database (src/core/systems/systems.json) with its lookups. Pure: no I/O beyond the bundled data.
 * Folder names of every layout (MiSTer `games/<folder>`, ES `roms/<folder>`) are recognised on every platform and
 * match case-insensitively (MiSTer's exFAT is case-insensitive and layouts differ in case); system ids match
 * case-sensitively, as the spec requires.
 */
export class SystemCatalog {
  readonly all: readonly SystemDefinition[];
  private readonly byId = new Map<string, SystemDefinition>();
  private readonly byFolder = new Map<string, SystemDefinition[]>();
  private readonly byExtension = new Map<string, SystemDefinition[]>();

  constructor(records: readonly SystemRecord[]) {
    const all: SystemDefinition[] = [];
    for (const r of records) {
      const def: SystemDefinition = {
        id: r.id,
        name: r.name,
        category: r.category,
        folders: [...new Set([...r.folders.mister, ...r.folders.roms])],
        extensions: r.extensions,
        ...(r.manufacturer ? { manufacturer: r.manufacturer } : {}),
        ...(r.releaseDate ? { releaseDate: r.releaseDate } : {}),
      };
      all.push(def);
      this.byId.set(def.id, def);
      for (const f of def.folders) {
        const list = this.byFolder.get(f.toLowerCase());
        if (!list?.includes(def)) push(this.byFolder, f.toLowerCase(), def);
      }
      for (const e of def.extensions) push(this.byExtension, e, def);
    }
    this.all = all;
  }

  byIdExact(id: string): SystemDefinition | undefined {
    return this.byId.get(id);
  }

  /** Systems whose files a folder of this name holds (case-insensitive), in data order. */
  systemsForFolder(folder: string): readonly SystemDefinition[] {
    return this.byFolder.get(folder.toLowerCase()) ?? [];
  }

  /**
   * The system a file belongs to: a `<SystemId>/…` prefix first, then the nearest parent folder named like a
   * system folder whose extensions include the file's, then the only system using that extension.
   */
  systemForPath(path: string): SystemDefinition | undefined {
    const parts = path.split("/").filter((p) => p !== "");
    if (parts.length === 0) return undefined;
    const ext = extensionOf(parts[parts.length - 1] as string);
    const first = this.byId.get(parts[0] as string);
    if (first && parts.length > 1) return first;
    for (let i = parts.length - 2; i >= 0; i--) {
      const hit = this.systemsForFolder(parts[i] as string).find((s) => ext !== "" && s.extensions.includes(ext));
      if (hit) return hit;
    }
    const byExt = this.byExtension.get(ext) ?? [];
    return byExt.length === 1 ? byExt[0] : undefined;
  }
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Lowercase extension with the dot (".sfc"), or "" when the name has none. */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf(".");
  return dot > 0 ? fileName.slice(dot).toLowerCase() : "";
}

/**
 * `extensionOf(name)`, without a new string when it is one of `known` (lowercase, with the dot) as written: a walk
 * asks this of every file, and most end in one of their system's extensions.
 */
export function extensionAmong(name: string, known: readonly string[]): string {
  const dot = name.lastIndexOf(".");
  if (dot <= 0) return "";
  const length = name.length - dot;
  for (const e of known) if (e.length === length && name.startsWith(e, dot)) return e;
  return name.slice(dot).toLowerCase();
}

/** The `System` resource of the spec. */
export function systemInfo(def: SystemDefinition): SystemInfo {
  return { id: def.id, name: def.name, category: def.category };
}

let shared: SystemCatalog | undefined;

/** The catalog built from the bundled systems.json (built once). */
export function systemCatalog(): SystemCatalog {
  shared ??= new SystemCatalog((data as { systems: SystemRecord[] }).systems);
  return shared;
}
