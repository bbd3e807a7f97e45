import type { GamelistEntry } from "./gamelist-xml.ts";

/**
 * What a gamelist.xml entry says about a title and its artwork, and where its paths point. Pure: paths are
 * resolved as text (POSIX), never touched.
 */

/** Title-level metadata keys, in the order they are shown. */
export const TITLE_FIELDS = ["description", "developer", "publisher", "year", "genre", "players", "rating"] as const;
export type TitleField = (typeof TITLE_FIELDS)[number];

/** Image types (the reference's names), in the order `media.image` prefers them when none is asked for. */
export const IMAGE_TYPES = ["image", "thumbnail", "boxart", "boxart3d", "screenshot", "wheel", "titleshot", "map", "marquee", "fanart", "boxartside", "boxartback"] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

/** The gamelist.xml elements holding each image type, first found wins. */
const IMAGE_ELEMENTS: ReadonlyArray<[ImageType, readonly string[]]> = [
  ["image", ["image"]],
  ["thumbnail", ["thumbnail"]],
  ["boxart", ["boxart2d", "boxart"]],
  ["boxart3d", ["boxart3d"]],
  ["screenshot", ["screenshot"]],
  ["marquee", ["marquee"]],
  ["wheel", ["logo", "wheel"]],
  ["fanart", ["fanart"]],
  ["titleshot", ["titlescreen", "titleshot"]],
  ["map", ["map"]],
];

export interface EntryMeta {
  title: Partial<Record<TitleField, string>>;
  /** Image paths as written in the file (to resolve under the system root). */
  images: Partial<Record<ImageType, string>>;
}

/** `releasedate` (`19910823T000000`, `1991-08-23`, `1991`) as its year, or undefined. */
export function yearOf(text: string): string | undefined {
  const m = /^(\d{4})/.exec(text.trim());
  return m && m[1] !== "0000" ? m[1] : undefined;
}

/** `rating` as a whole percentage: 0..1 ratings (ES) scaled, 1..100 kept; anything else undefined. */
export function ratingOf(text: string): string | undefined {
  const n = Number(text.trim());
  if (!Number.isFinite(n) || n < 0 || n > 100 || text.trim() === "") return undefined;
  return String(Math.round(n <= 1 ? n * 100 : n));
}

/** `players` ("1-2", "1, 2, 4", "2") as the highest count, or undefined. */
export function playersOf(text: string): string | undefined {
  const counts = (text.match(/\d+/g) ?? []).map(Number).filter((n) => n > 0 && n < 1000);
  return counts.length ? String(Math.max(...counts)) : undefined;
}

/** The title metadata and image paths of one entry. */
export function entryMeta(entry: GamelistEntry): EntryMeta {
  const f = entry.fields;
  const title: EntryMeta["title"] = {};
  const put = (k: TitleField, v: string | undefined) => {
    if (v !== undefined && v !== "") title[k] = v;
  };
  put("description", f.desc);
  put("developer", f.developer);
  put("publisher", f.publisher);
  put("year", f.releasedate ? yearOf(f.releasedate) : undefined);
  put("genre", f.genre);
  put("players", f.players ? playersOf(f.players) : undefined);
  put("rating", f.rating ? ratingOf(f.rating) : undefined);
  const images: EntryMeta["images"] = {};
  for (const [type, elements] of IMAGE_ELEMENTS) {
    const found = elements.map((e) => f[e]).find((v) => v !== undefined && v !== "");
    if (found) images[type] = found;
  }
  return { title, images };
}

/** A POSIX path with `.` and `..` applied and no empty parts; null when `..` would climb above `/`. */
export function normalizePath(path: string): string | null {
  const out: string[] = [];
  for (const part of path.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") {
      if (out.length === 0) return null;
      out.pop();
    } else out.push(part);
  }
  return `/${out.join("/")}`;
}

/**
 * A path from a gamelist.xml (`./x`, `x`, `~/x`, `/abs/x`) as an absolute path inside `root`, or null when it
 * leaves `root` (by `..`, an absolute path elsewhere, or `~` without a home). Symbolic links are the caller's
 * business (it compares real paths).
 */
export function resolveUnderRoot(root: string, path: string, home?: string): string | null {
  const base = normalizePath(root);
  const p = path.trim();
  if (!base || p === "") return null;
  let joined: string;
  if (p === "~" || p.startsWith("~/")) {
    if (!home) return null;
    joined = `${home}/${p.slice(1)}`;
  } else joined = p.startsWith("/") ? p : `${base}/${p}`;
  const resolved = normalizePath(joined);
  if (!resolved || resolved === base) return null;
  return base === "/" || resolved.startsWith(`${base}/`) ? resolved : null;
}
