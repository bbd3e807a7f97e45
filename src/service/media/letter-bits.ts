import { bitsetWords } from "../../core/media/postings.ts";
import { rowTitle } from "../../core/media/row-names.ts";
import type { SqlDatabase } from "../../runtime/types.ts";

/**
 * The letter group of a title as the reference groups it (`media.search {letter}`, `media.browse`): by its first
 * UTF-16 unit (the reference: its first byte) upper-cased, A–Z as itself, a digit as "0-9", anything else "#".
 */
export function titleLetter(title: string): string {
  const c = title.charCodeAt(0);
  if (c >= 0x61 && c <= 0x7a) return String.fromCharCode(c - 0x20);
  if (c >= 0x41 && c <= 0x5a) return title.charAt(0);
  if (c >= 0x30 && c <= 0x39) return "0-9";
  return "#";
}

/** A `letter` parameter as the reference reads it: any case of A–Z, "0-9" or "#"; null for anything else. */
export function letterParam(letter: string): string | null {
  const l = letter.toUpperCase();
  return /^[A-Z]$/.test(l) || l === "0-9" || l === "#" ? l : null;
}

/**
 * The media of each letter group of an index file, as bitsets over media ids: one pass over every row's title
 * (as stored, else parsed from its file name), made at the first letter-filtered search of the file.
 */
export function readLetterBits(db: SqlDatabase, totalMedia: number): Map<string, Int32Array> {
  const words = bitsetWords(totalMedia);
  const out = new Map<string, Int32Array>();
  for (const r of db.prepare("SELECT id, file, title FROM media").all<{ id: number; file: string; title: string | null }>()) {
    const letter = titleLetter(rowTitle(r.file, r.title));
    let bits = out.get(letter);
    if (!bits) out.set(letter, (bits = new Int32Array(words)));
    bits[r.id >>> 5] = (bits[r.id >>> 5] as number) | (1 << (r.id & 31));
  }
  return out;
}
