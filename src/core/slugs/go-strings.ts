/**
 * Go's string semantics where they differ from JavaScript's: what counts as white space (`unicode.IsSpace`:
 * U+0085 is space, U+FEFF is not), simple per-character lower-casing (`unicode.ToLower`: "İ" becomes "i",
 * and "Σ" is always "σ", never the final "ς"), and trimming by a set of characters. Pure.
 */

/** `unicode.IsSpace` for a UTF-16 code unit (every Go space is in the BMP and outside the surrogates). */
export function isGoSpace(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d);
  if (c < 0x85) return false;
  if (c <= 0xa0) return c === 0x85 || c === 0xa0;
  if (c < 0x1680) return false;
  return (
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000
  );
}

/** `strings.TrimSpace`. */
export function trimSpace(s: string): string {
  let start = 0;
  let end = s.length;
  while (start < end && isGoSpace(s.charCodeAt(start))) start++;
  while (end > start && isGoSpace(s.charCodeAt(end - 1))) end--;
  return start === 0 && end === s.length ? s : s.slice(start, end);
}

/** `strings.Fields`: the runs of non-space characters. */
export function fields(s: string): string[] {
  const out: string[] = [];
  let start = -1;
  for (let i = 0; i < s.length; i++) {
    if (isGoSpace(s.charCodeAt(i))) {
      if (start >= 0) out.push(s.slice(start, i));
      start = -1;
    } else if (start < 0) start = i;
  }
  if (start >= 0) out.push(s.slice(start));
  return out;
}

/** True when every character is ASCII. */
export function isAscii(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) >= 0x80) return false;
  return true;
}

/** The two characters whose JavaScript lower case differs from Go's per-character one. */
const CONTEXTUAL_LOWER = /[\u0130\u03a3]/g;

/** `strings.ToLower`: every character mapped on its own by its simple lower-case mapping. */
export function toLowerGo(s: string): string {
  if (isAscii(s)) return s.toLowerCase();
  CONTEXTUAL_LOWER.lastIndex = 0;
  if (!CONTEXTUAL_LOWER.test(s)) return s.toLowerCase();
  return s.replace(CONTEXTUAL_LOWER, (c) => (c === "\u0130" ? "i" : "\u03c3")).toLowerCase();
}

/** `unicode.ToLower` for one code point. */
export function lowerRune(cp: number): number {
  if (cp < 0x80) return cp >= 0x41 && cp <= 0x5a ? cp + 0x20 : cp;
  if (cp === 0x130) return 0x69;
  const lower = String.fromCodePoint(cp).toLowerCase();
  const first = lower.codePointAt(0) ?? cp;
  return lower.length === String.fromCodePoint(first).length ? first : cp;
}

/** `strings.Trim(s, cutset)` / `TrimRight` / `TrimLeft` for a cutset of BMP characters. */
export function trimCutset(s: string, cutset: string, left = true, right = true): string {
  let start = 0;
  let end = s.length;
  if (left) while (start < end && cutset.includes(s.charAt(start))) start++;
  if (right) while (end > start && cutset.includes(s.charAt(end - 1))) end--;
  return start === 0 && end === s.length ? s : s.slice(start, end);
}

/** `strings.Replace(s, old, replacement, 1)`: the first occurrence only. */
export function replaceFirst(s: string, old: string, replacement: string): string {
  const at = s.indexOf(old);
  return at < 0 ? s : s.slice(0, at) + replacement + s.slice(at + old.length);
}

/** The code points of a string (Go's `[]rune`). */
export function codePoints(s: string): number[] {
  const out: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const c = s.codePointAt(i) ?? 0;
    out.push(c);
    if (c > 0xffff) i++;
  }
  return out;
}
