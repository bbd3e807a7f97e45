import { existsSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

/** Where Steam may live, first match wins: the configured folder, then the usual places. */
export function steamRootCandidates(configured: string, home = homedir()): string[] {
  return [
    configured,
    join(home, ".steam", "steam"),
    join(home, ".local", "share", "Steam"),
    join(home, ".var", "app", "com.valvesoftware.Steam", ".steam", "steam"),
    join(home, "snap", "steam", "common", ".steam", "steam"),
    "/home/deck/.steam/steam",
  ].filter((p) => p !== "");
}

export function findSteamRoot(configured: string, home?: string): string | undefined {
  return steamRootCandidates(configured, home).find((p) => existsSync(join(p, "steamapps")));
}

/** The value of the first `"key" "value"` pair in a Valve KeyValues (VDF/ACF) text. */
export function vdfValue(text: string, key: string): string | undefined {
  const re = new RegExp(`"${key}"\\s+"((?:[^"\\\\]|\\\\.)*)"`, "i");
  return re.exec(text)?.[1]?.replace(/\\(.)/g, "$1");
}

/** Every library folder's `steamapps`: the root's, then those listed in `libraryfolders.vdf`. */
export function steamAppsDirs(root: string): string[] {
  const dirs = [join(root, "steamapps")];
  let text = "";
  try {
    text = readFileSync(join(root, "steamapps", "libraryfolders.vdf"), "utf8");
  } catch {}
  for (const m of text.matchAll(/"path"\s+"((?:[^"\\]|\\.)*)"/gi)) {
    const d = join(m[1]!.replace(/\\(.)/g, "$1"), "steamapps");
    if (!dirs.includes(d)) dirs.push(d);
  }
  return dirs;
}

/** A game's name from its `appmanifest_<id>.acf`, if installed. */
export function steamGameName(root: string | undefined, appId: string): string | undefined {
  if (!root) return undefined;
  for (const dir of steamAppsDirs(root)) {
    try {
      const name = vdfValue(readFileSync(join(dir, `appmanifest_${appId}.acf`), "utf8"), "name");
      if (name) return name;
    } catch {}
  }
  return undefined;
}
