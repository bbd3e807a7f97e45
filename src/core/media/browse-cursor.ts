/**
 * The `cursor` of a browse page: which entry the page ended on (a folder or a media file, by its absolute path)
 * and the key it was sorted by (lowercased name, title or file name), plus a fingerprint of the listing asked for
 * (path, sort, letter, systems, tags). Ids and places change when any folder is indexed again; paths and sort keys
 * do not, so the next page goes on right after that entry in the new listing (or, when it is gone, after its sort
 * key). A media entry also carries its id as a hint: when the id still names that path, a page of a big folder
 * goes on from its place in the title order without listing the folder. Opaque to clients: base64url of a small
 * JSON object.
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
  /** The media's id when the cursor was written (a hint: checked against `path` before use). */
  id?: number;
}

/** No cursor a client got from us is longer (paths are at most a few hundred bytes each). */
export const MAX_BROWSE_CURSOR_CHARS = 16384;
const VERSION = 1;

export function encodeBrowseCursor(c: BrowseCursor): string {
  const o: Record<string, unknown> = { v: VERSION, ph: c.phase === "dirs" ? "d" : "f", p: c.path, k: c.key, l: c.listing };
  if (c.id !== undefined) o.i = c.id;
  return encodeOpaqueCursor(o);
}

/** The cursor a client sent back; `invalid` (-32602) for anything we did not write or for another listing. */
export function decodeBrowseCursor(text: string, listing: string): BrowseCursor {
  const bad = () => new DomainError("invalid", "invalid params: invalid cursor (pass back the nextCursor of the previous page unchanged)");
  const o = decodeOpaqueCursor(text, MAX_BROWSE_CURSOR_CHARS);
  if (!o || o.v !== VERSION || (o.ph !== "d" && o.ph !== "f")) throw bad();
  if (typeof o.p !== "string" || typeof o.k !== "string" || typeof o.l !== "string") throw bad();
  if (o.l !== listing) throw new DomainError("invalid", "invalid params: the cursor belongs to another listing (path, sort, letter, systems or tags changed)");
  const c: BrowseCursor = { phase: o.ph === "d" ? "dirs" : "files", path: o.p, key: o.k, listing: o.l };
  if (o.i !== undefined) {
    if (typeof o.i !== "number" || !Number.isSafeInteger(o.i) || o.i < 1) throw bad();
    c.id = o.i;
  }
  return c;
}
