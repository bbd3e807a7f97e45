/**
 * The reference's scanners search a lower-cased copy of a name and read the name itself at the positions they
 * find, in UTF-8 bytes. Where lower-casing changes a character's byte length ("İ" → "i", "ẞ" → "ß", the
 * Kelvin sign → "k") those positions drift apart; to answer as the reference does, such names are scanned as
 * bytes. Every other name is scanned as it is, with ASCII-only lower-casing (same positions, same answers).
 */
import { lowerRune, toLowerGo } from "../slugs/go-strings.ts";
import { asciiLower } from "./chars.ts";

export interface LowerView {
  /** The text scanned: the name itself, or its UTF-8 bytes one per character. */
  readonly s: string;
  /** Its lower-cased copy, in the same units. */
  readonly lower: string;
  /** A position in `s` as a position in the name; undefined when it falls inside a character. */
  toName(i: number): number | undefined;
  /** Text of `s` (a slice or a rebuilt string) as name text. */
  decode(t: string): string;
}

const utf8Bytes = (cp: number): number => (cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4);

/** True when some character's lower case has another UTF-8 length than the character. */
function lowerShifts(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) continue;
    const cp = s.codePointAt(i)!;
    if (cp > 0xffff) i++;
    if (utf8Bytes(lowerRune(cp)) !== utf8Bytes(cp)) return true;
  }
  return false;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const toBinary = (bytes: Uint8Array): string => {
  let out = "";
  for (let i = 0; i < bytes.length; i += 8192) out += String.fromCharCode(...bytes.subarray(i, i + 8192));
  return out;
};
const fromBinary = (t: string): string => decoder.decode(Uint8Array.from(t, (c) => c.charCodeAt(0)));

function byteView(name: string): LowerView {
  const bytes = encoder.encode(name);
  // UTF-16 position of each byte that starts a character.
  const starts = new Map<number, number>();
  let b = 0;
  for (let i = 0; i < name.length; i++) {
    starts.set(b, i);
    const cp = name.codePointAt(i)!;
    b += utf8Bytes(cp);
    if (cp > 0xffff) i++;
  }
  starts.set(b, name.length);
  return {
    s: toBinary(bytes),
    lower: toBinary(encoder.encode(toLowerGo(name))),
    toName: (i) => starts.get(i),
    decode: fromBinary,
  };
}

const identity = (i: number): number => i;
const same = (t: string): string => t;

export function lowerView(name: string): LowerView {
  if (lowerShifts(name)) return byteView(name);
  return { s: name, lower: asciiLower(name), toName: identity, decode: same };
}
