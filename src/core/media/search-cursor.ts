/**
 * The `cursor` of a search page: where the last result stood (its rank tier and lowercased title) and which
 * media it was (system id and path). Ids and places change when any system is indexed again; the system and
 * path do not, so the next page continues right after that media in the new index (or, when it is gone, at its
 * title). Opaque to clients: base64url of a small JSON object.
 */
import { DomainError } from "../errors.ts";
import { decodeOpaqueCursor, encodeOpaqueCursor } from "./opaque-cursor.ts";

export interface SearchCursor {
  tier: number;
  /** The title as titles compare (lowercased). */
  title: string;
  system: string;
  path: string;
}

/** No cursor a client got from us is longer (a path is at most a few hundred bytes). */
export const MAX_CURSOR_CHARS = 8192;
const VERSION = 1;

export function encodeSearchCursor(c: SearchCursor): string {
  return encodeOpaqueCursor({ v: VERSION, t: c.tier, k: c.title, s: c.system, p: c.path });
}

/** The cursor a client sent back; `invalid` (-32602) for anything we did not write. */
export function decodeSearchCursor(text: string): SearchCursor {
  const bad = () => new DomainError("invalid", "invalid cursor: pass back the nextCursor of the previous page unchanged");
  const o = decodeOpaqueCursor(text, MAX_CURSOR_CHARS);
  if (!o || o.v !== VERSION || !Number.isInteger(o.t) || (o.t as number) < 0 || (o.t as number) > 2) throw bad();
  if (typeof o.k !== "string" || typeof o.s !== "string" || typeof o.p !== "string") throw bad();
  return { tier: o.t as number, title: o.k, system: o.s, path: o.p };
}
