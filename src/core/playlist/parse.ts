import { basename, dirname, extname, isAbsolute, join } from "node:path";
import type { PlaylistItem } from "./playlist.ts";

/**
 * Playlist sources as the reference reads them (pure: file text in, items out; whether a file exists is asked
 * through `exists`): a `.pls` file, an `.m3u`/`.m3u8` file, the files of a folder, or a list given in the
 * command as JSON (`{"id","name","items":[{"name","zapscript"}]}`).
 */

const PLS_HEADER = "[playlist]";
const PLS_FILE = /^File([1-9]\d*)\s*=\s*(.*)$/;
const PLS_TITLE = /^Title([1-9]\d*)\s*=\s*(.*)$/;

export const isPlsPath = (p: string): boolean => extname(p).toLowerCase() === ".pls";
export const isM3uPath = (p: string): boolean => [".m3u", ".m3u8"].includes(extname(p).toLowerCase());

/** A name from a file path: its base name without the extension. */
export const nameOfPath = (p: string): string => basename(p, extname(p));

/**
 * A relative entry as the reference resolves it: only its base name is looked for beside the playlist file (an
 * entry carrying `?advanced=args` is looked for without them); when found the entry becomes that absolute path,
 * else it is kept as written (it may be a launch script).
 */
function resolveEntry(entry: string, listPath: string, exists: (p: string) => boolean): string {
  if (isAbsolute(entry)) return entry;
  const base = basename(entry);
  const dir = dirname(listPath);
  const q = base.lastIndexOf("?");
  if (q > 0 && exists(join(dir, base.slice(0, q)))) return join(dir, base);
  return exists(join(dir, base)) ? join(dir, base) : entry;
}

/** A `.pls` file: `FileN=` and `TitleN=` after the `[playlist]` header, in N order; an error when it has no entries. */
export function parsePls(text: string, listPath: string, exists: (p: string) => boolean, warn: (msg: string) => void = () => {}): PlaylistItem[] {
  const byNumber = new Map<number, { file: string; title: string }>();
  let header = false;
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (line === "") continue;
    if (!header) {
      if (line === PLS_HEADER) header = true;
      continue;
    }
    const f = PLS_FILE.exec(line);
    const t = f ? null : PLS_TITLE.exec(line);
    const m = f ?? t;
    if (!m) {
      warn(`unrecognized line in pls file: ${line}`);
      continue;
    }
    const n = Number(m[1]);
    const entry = byNumber.get(n) ?? { file: "", title: "" };
    if (f && m[2] !== "") entry.file = m[2]!;
    if (t && m[2] !== "") entry.title = m[2]!;
    byNumber.set(n, entry);
  }
  if (!header) warn(`no header found in pls file: ${listPath}`);
  if (byNumber.size === 0) throw new Error(`no items found in pls file: ${listPath}`);
  return [...byNumber.entries()]
    .sort(([a], [b]) => a - b)
    .filter(([, e]) => e.file !== "")
    .map(([, e]) => ({ name: e.title, zapScript: resolveEntry(e.file, listPath, exists) }));
}

/** An `.m3u` file: one entry per line, `#EXTINF:<seconds>,<title>` names the next entry, other `#` lines are skipped. */
export function parseM3u(text: string, listPath: string, exists: (p: string) => boolean): PlaylistItem[] {
  const items: PlaylistItem[] = [];
  let title = "";
  for (const raw of text.replace(/^\uFEFF/, "").split(/\r?\n/)) {
    const line = raw.trim();
    if (line === "") continue;
    if (line.startsWith("#")) {
      const m = /^#EXTINF:[^,]*,(.*)$/i.exec(line);
      if (m) title = m[1]!.trim();
      continue;
    }
    items.push({ name: title, zapScript: resolveEntry(line, listPath, exists) });
    title = "";
  }
  if (items.length === 0) throw new Error(`no items found in m3u file: ${listPath}`);
  return items;
}

/** The files of a folder as playlist items, by name: hidden files and names without an extension are left out. */
export function folderItems(folder: string, fileNames: readonly string[], launchable: (path: string) => boolean): PlaylistItem[] {
  const items = [...fileNames]
    .filter((n) => !n.startsWith(".") && extname(n) !== "")
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((n) => join(folder, n))
    .filter(launchable)
    .map((p) => ({ name: nameOfPath(p), zapScript: p }));
  if (items.length === 0) throw new Error(`no valid files found in: ${folder}`);
  return items;
}

/** True when the argument looks like the JSON form (`{…}`), as the reference decides. */
export const looksLikeJson = (arg: string): boolean => arg.trimStart().startsWith("{");

/** The list form: `{"id","name","items":[{"name","zapscript"}]}`. */
export function parseJsonList(arg: string): { id: string; name: string; items: PlaylistItem[] } {
  let data: unknown;
  try {
    data = JSON.parse(arg);
  } catch (err) {
    throw new Error(`invalid playlist json: ${(err as Error).message}`);
  }
  const obj = (typeof data === "object" && data !== null ? data : {}) as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === "string" ? v : "");
  if (obj.items !== undefined && !Array.isArray(obj.items)) throw new Error("invalid playlist json: items must be a list");
  const items = ((obj.items as unknown[] | undefined) ?? []).map((raw) => {
    const i = (typeof raw === "object" && raw !== null ? raw : {}) as Record<string, unknown>;
    return { name: str(i.name), zapScript: str(i.zapscript) };
  });
  return { id: str(obj.id), name: str(obj.name), items };
}
