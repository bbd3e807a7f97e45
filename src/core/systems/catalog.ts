import type { SystemDefinition, SystemInfo } from "../media-types.ts";
import { type MediaType, MediaTypeGame, slugify } from "../slugs/index.ts";
import { withFallbacks } from "./fallbacks.ts";
import { type GameSlug, SystemNameLookup } from "./lookup.ts";
import { systemTiers } from "./tiers.ts";
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
  mediaType: string;
  aliases: string[];
  slugs: string[];
  fallbacks: string[];
}

/** A system of the catalog: its definition with the reference's lookup facts. */
export interface CatalogSystem extends SystemDefinition {
  /** The kind of media its files are (Game for every console and computer), which picks how titles are read. */
  mediaType: MediaType;
  /** Other names it goes by (case-insensitive, also matched through their slugs). */
  aliases: readonly string[];
  /** Further names, already slugs (lowercase letters and digits). */
  slugs: readonly string[];
  /** Ids of systems whose media may stand in for this one's, in order. */
  fallbacks: readonly string[];
}

const gameSlug: GameSlug = (name) => slugify(MediaTypeGame, name);

/**
 * The systems database (src/core/systems/systems.json) with its lookups. Pure: no I/O beyond the bundled data.
 * Folder names of every layout (MiSTer `games/<folder>`, ES `roms/<folder>`) are recognised on every platform and
 * match case-insensitively (MiSTer's exFAT is case-insensitive and layouts differ in case). `byIdExact` takes the
 * case-sensitive id (the spec's and the reference API's default); `lookupSystem` resolves any name a user writes
 * as the reference does (ids and aliases in any case, custom slugs, natural names through their slugs).
 */
export class SystemCatalog {
  readonly all: readonly CatalogSystem[];
  private readonly byId = new Map<string, CatalogSystem>();
  private readonly byFolder = new Map<string, CatalogSystem[]>();
  private readonly byExtension = new Map<string, CatalogSystem[]>();
  private names: SystemNameLookup<CatalogSystem> | undefined;

  constructor(
    records: readonly SystemRecord[],
    private readonly slug: GameSlug = gameSlug,
  ) {
    const all: CatalogSystem[] = [];
    for (const r of records) {
      const def: CatalogSystem = {
        id: r.id,
        name: r.name,
        category: r.category,
        folders: [...new Set([...r.folders.mister, ...r.folders.roms])],
        extensions: r.extensions,
        ...(r.manufacturer ? { manufacturer: r.manufacturer } : {}),
        ...(r.releaseDate ? { releaseDate: r.releaseDate } : {}),
        mediaType: r.mediaType as MediaType,
        aliases: r.aliases,
        slugs: r.slugs,
        fallbacks: r.fallbacks,
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

  /** The system of this exact, case-sensitive id. */
  byIdExact(id: string): CatalogSystem | undefined {
    return this.byId.get(id);
  }

  /** How the reference reads the file names of system `id` (Game for consoles and computers, and unknown ids). */
  mediaTypeOf(id: string): MediaType {
    return this.byId.get(id)?.mediaType ?? MediaTypeGame;
  }

  /**
   * The system a user-given name means, as the reference resolves it: "snes", "MegaDrive", "Sega Mega Drive",
   * "PlayStation 2", "famicom" … (the lookup table is built at the first call).
   */
  lookupSystem(name: string): CatalogSystem | undefined {
    this.names ??= new SystemNameLookup(this.all, this.slug);
    return this.names.find(name);
  }

  /**
   * True when a name from the config (`systems.default`, `ignore_system`, a custom launcher's `systems`) means the
   * system of this id: any name `lookupSystem` resolves to it, or the id itself in any case.
   */
  nameMeans(name: string, id: string): boolean {
    return name.toLowerCase() === id.toLowerCase() || this.lookupSystem(name)?.id === id;
  }

  /** The systems, each followed by its direct fallbacks, without repeats (what a random pick may draw from). */
  withFallbacks(systems: readonly CatalogSystem[]): CatalogSystem[] {
    return withFallbacks(systems, (id) => this.byId.get(id));
  }

  /** Where to look for media of the named systems: all of them, then each of their fallbacks on its own. */
  tiers(systems: readonly CatalogSystem[]): CatalogSystem[][] {
    return systemTiers(systems, (id) => this.byId.get(id));
  }

  /** Systems whose files a folder of this name holds (case-insensitive), in data order. */
  systemsForFolder(folder: string): readonly CatalogSystem[] {
    return this.byFolder.get(folder.toLowerCase()) ?? [];
  }

  /**
   * The system a file belongs to: a `<SystemId>/…` prefix first, then the nearest parent folder named like a
   * system folder whose extensions include the file's, then the only system using that extension.
   */
  systemForPath(path: string): CatalogSystem | undefined {
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

/** The catalog built from the bundled systems.json (built once); its name lookup slugs with src/core/slugs. */
export function systemCatalog(): SystemCatalog {
  shared ??= new SystemCatalog((data as { systems: SystemRecord[] }).systems);
  return shared;
}
