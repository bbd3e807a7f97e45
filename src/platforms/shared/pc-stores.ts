import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { log } from "../../log.ts";
import type { SqlDatabase } from "../../runtime/types.ts";
import { CLIENT_FLATPAKS } from "../linux/url-launchers.ts";
import { chimeraGogGames } from "../chimeraos/gog.ts";
import { findSteamRoot, steamAppsDirs, vdfValue } from "../steam/library.ts";
import { steamShortcuts } from "../steam/shortcuts.ts";

const logger = log.withTag("pc-stores");

/** Media that is not a file (a PC store's game `steam://<id>/<name>`): indexed as `<dir>/<file>` under `system`. */
export interface VirtualMedia {
  system: string;
  dir: string;
  file: string;
}

/** A game of a PC store as the media index holds it: `<scheme>://<id>` and its name (the reference's virtual path). */
export interface StoreGame {
  scheme: "steam" | "lutris" | "heroic" | "gog";
  id: string;
  name: string;
}

/** Installed Steam games (every library's `appmanifest_<id>.acf` with an app id and a name), then its shortcuts. */
export function steamGames(root: string | undefined): StoreGame[] {
  if (!root) return [];
  const out: StoreGame[] = [];
  for (const dir of steamAppsDirs(root)) {
    let names: string[] = [];
    try {
      names = readdirSync(dir);
    } catch {
      continue; // a library on a drive not mounted
    }
    for (const f of names.filter((n) => /^appmanifest_\d+\.acf$/.test(n)).sort()) {
      try {
        const text = readFileSync(join(dir, f), "utf8");
        const id = vdfValue(text, "appid");
        const name = vdfValue(text, "name");
        if (id && /^\d+$/.test(id) && name) out.push({ scheme: "steam", id, name });
        else logger.warn(`skipping Steam app manifest without appid or name: ${join(dir, f)}`);
      } catch {}
    }
  }
  for (const s of steamShortcuts(root)) out.push({ scheme: "steam", id: s.id, name: s.name });
  return out;
}

/** Installed Lutris games (`SELECT name, slug FROM games WHERE installed = 1` of its pga.db). */
export function lutrisGames(dbPath: string | undefined, open: (path: string) => SqlDatabase): StoreGame[] {
  if (!dbPath) return [];
  let db: SqlDatabase | undefined;
  try {
    db = open(dbPath);
    const rows = db.prepare("SELECT name, slug FROM games WHERE installed = 1").all<{ name: string | null; slug: string | null }>();
    return rows.filter((r) => r.slug).map((r) => ({ scheme: "lutris" as const, id: r.slug as string, name: r.name || (r.slug as string) }));
  } catch (err) {
    logger.warn(`cannot read the Lutris database ${dbPath}: ${(err as Error).message}`);
    return [];
  } finally {
    db?.close();
  }
}

interface HeroicEntry {
  app_name?: unknown;
  title?: unknown;
  is_installed?: unknown;
}

/** Installed Heroic games: Epic (`legendary_library.json`, key `library`) and GOG (`gog_library.json`, key `games`). */
export function heroicGames(storeCache: string | undefined): StoreGame[] {
  if (!storeCache) return [];
  const out: StoreGame[] = [];
  for (const [file, key] of [["legendary_library.json", "library"], ["gog_library.json", "games"]] as const) {
    let list: unknown;
    try {
      list = (JSON.parse(readFileSync(join(storeCache, file), "utf8")) as Record<string, unknown>)[key];
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "ENOENT") logger.warn(`cannot read Heroic's ${file}: ${(err as Error).message}`);
      continue;
    }
    if (!Array.isArray(list)) continue;
    for (const g of list as HeroicEntry[]) {
      if (g?.is_installed !== true || typeof g.app_name !== "string" || g.app_name === "") continue;
      out.push({ scheme: "heroic", id: g.app_name, name: typeof g.title === "string" && g.title ? g.title : g.app_name });
    }
  }
  return out;
}

const firstExisting = (paths: string[]) => paths.find((p) => existsSync(p));

/** Lutris's database: native, then its Flatpak's. */
export const lutrisDb = (home: string) =>
  firstExisting([join(home, ".local", "share", "lutris", "pga.db"), join(home, ".var", "app", CLIENT_FLATPAKS.lutris, "data", "lutris", "pga.db")]);

/** Heroic's store cache: native, then its Flatpak's. */
export const heroicStoreCache = (home: string) =>
  firstExisting([join(home, ".config", "heroic", "store_cache"), join(home, ".var", "app", CLIENT_FLATPAKS.heroic, "config", "heroic", "store_cache")]);

/**
 * Every PC-store game installed for `home`, as the reference's scanners find them: Steam's app manifests in
 * each library of libraryfolders.vdf, Lutris's database, Heroic's library files (native or Flatpak) and, on
 * ChimeraOS, its GOG folders.
 */
export function storeGames(opts: { home: string; steamDir: string; chimera: boolean; open: (path: string) => SqlDatabase }): StoreGame[] {
  const { home } = opts;
  const gog: StoreGame[] = opts.chimera ? chimeraGogGames(home).map((id) => ({ scheme: "gog", id, name: id })) : [];
  return [...steamGames(findSteamRoot(opts.steamDir, home)), ...lutrisGames(lutrisDb(home), opts.open), ...heroicGames(heroicStoreCache(home)), ...gog];
}
