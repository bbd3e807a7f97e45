/** Unicode character classes the pipeline tests one code point against. Pure. */

const LETTER_OR_NUMBER = /^[\p{L}\p{N}]$/u;
const LATIN = /^\p{Script=Latin}$/u;

/** `unicode.IsLetter(r) || unicode.IsNumber(r)`. */
export function isLetterOrNumber(cp: number): boolean {
  if (cp < 0x80) return (cp >= 0x30 && cp <= 0x39) || ((cp | 0x20) >= 0x61 && (cp | 0x20) <= 0x7a);
  return LETTER_OR_NUMBER.test(String.fromCodePoint(cp));
}

/** `unicode.Is(unicode.Latin, r)`: the Latin script (not its extensions). */
export function isLatinScript(cp: number): boolean {
  if (cp < 0x80) return (cp | 0x20) >= 0x61 && (cp | 0x20) <= 0x7a;
  return LATIN.test(String.fromCodePoint(cp));
}

/** An ASCII letter or digit. */
export function isAsciiAlnum(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a);
}
