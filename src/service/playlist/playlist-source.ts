import { isInside, realPathOf } from "../../config/path-rules.ts";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { isAbsolute, join } from "node:path";
import { folderItems, isM3uPath, isPlsPath, parseM3u, parsePls } from "../../core/playlist/parse.ts";
import type { PlaylistItem } from "../../core/playlist/playlist.ts";
import { log } from "../../log.ts";

const logger = log.withTag("playlist");

/** Largest playlist file read (a `.pls`/`.m3u` is text; anything larger is not one). */
export const MAX_PLAYLIST_FILE_BYTES = 1024 * 1024;
/** Most items a playlist keeps (a folder of more is cut there, with a warning): `media` reports them all. */
export const MAX_PLAYLIST_ITEMS = 5000;

/**
 * Reads a playlist source named by a command: a `.pls` or `.m3u` file, or a folder (its files a launcher
 * handles). A relative name is looked for under the root folders. Errors are plain messages for the command.
 */
export function readPlaylistSource(name: string, roots: readonly string[], launchable: (path: string) => boolean): { path: string; items: PlaylistItem[] } {
  const read = readSource(locate(name, roots), launchable);
  if (read.items.length <= MAX_PLAYLIST_ITEMS) return read;
  logger.warn(`playlist ${read.path} has ${read.items.length} items; keeping the first ${MAX_PLAYLIST_ITEMS}`);
  return { path: read.path, items: read.items.slice(0, MAX_PLAYLIST_ITEMS) };
}

function readSource(path: string, launchable: (path: string) => boolean): { path: string; items: PlaylistItem[] } {
  const st = statSync(path);
  if (st.isDirectory()) {
    let names: string[];
    try {
      names = readdirSync(path, { withFileTypes: true }).filter((d) => !d.isDirectory()).map((d) => d.name);
    } catch (err) {
      throw new Error(`failed to read directory '${path}': ${(err as Error).message}`);
    }
    return { path, items: folderItems(path, names, launchable) };
  }
  if (!isPlsPath(path) && !isM3uPath(path)) throw new Error(`not a playlist (.pls, .m3u) or folder: ${path}`);
  if (st.size > MAX_PLAYLIST_FILE_BYTES) throw new Error(`playlist file too large (${st.size} bytes, at most ${MAX_PLAYLIST_FILE_BYTES}): ${path}`);
  const text = readFileSync(path, "utf8");
  const exists = (p: string) => existsSync(p);
  const items = isPlsPath(path) ? parsePls(text, path, exists, (m) => logger.warn(m)) : parseM3u(text, path, exists);
  return { path, items };
}

function locate(name: string, roots: readonly string[]): string {
  let found: string | undefined;
  if (isAbsolute(name)) {
    if (existsSync(name)) found = name;
  } else {
    found = roots.map((r) => join(r, name)).find((p) => existsSync(p));
  }
  if (!found) throw new Error(`playlist not found: ${name}`);
  // A script comes from anyone who can present a tag or call the API: a playlist is read, and a folder listed,
  // only inside the media folders (judged by real path, so neither `..` nor a symlink leads out of them).
  const real = realPathOf(found);
  if (!roots.some((r) => existsSync(r) && isInside(realPathOf(r), real))) throw new Error(`playlist ${name} is outside the media folders; playlists are read only from them`);
  return found;
}
