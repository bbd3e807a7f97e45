/**
 * The `cursor` of a browse page: which entry the page ended on (a folder or a media file, by its absolute path)
 * and the key it was sorted by (lowercased name, title or file name), plus a fingerprint of the listing asked for
 * (path, sort, letter, systems, tags). Ids and places change when any folder is indexed again; paths and sort keys
 * do not, so the next page goes on right after that entry in the new listing (or, when it is gone, after its sort
 * key). Opaque to clients: base64url of a small JSON object.
 */
import { DomainError } from "../errors.ts";
import { decodeOpaqueCursor, encodeOpaqueCursor } from "./opaque-cursor.ts";

export interface BrowseCursor {
  /** Which part of the listing the entry is in: its folders, then its media. */
  phase: "dirs" | "files";
  /** The entry's absolute path. */
  path: string;
  /** Its sort key as the listing compares them. */
  key: string;
  /** The listing's fingerprint. */
  listing: string;
}

/** No cursor a client got from us is longer (paths are at most a few hundred bytes each). */
export const MAX_BROWSE_CURSOR_CHARS = 16384;
const VERSION = 1;

export function encodeBrowseCursor(c: BrowseCursor): string {
  return encodeOpaqueCursor({ v: VERSION, ph: c.phase === "dirs" ? "d" : "f", p: c.path, k: c.key, l: c.listing });
}

/** The cursor a client sent back; `invalid` (-32602) for anything we did not write or for another listing. */
export function decodeBrowseCursor(text: string, listing: string): BrowseCursor {
  const bad = () => new DomainError("invalid", "invalid params: invalid cursor (pass back the nextCursor of the previous page unchanged)");
  const o = decodeOpaqueCursor(text, MAX_BROWSE_CURSOR_CHARS);
  if (!o || o.v !== VERSION || (o.ph !== "d" && o.ph !== "f")) throw bad();
  if (typeof o.p !== "string" || typeof o.k !== "string" || typeof o.l !== "string") throw bad();
  if (o.l !== listing) throw new DomainError("invalid", "invalid params: the cursor belongs to another listing (path, sort, letter, systems or tags changed)");
  return { phase: o.ph === "d" ? "dirs" : "files", path: o.p, key: o.k, listing: o.l };
}
