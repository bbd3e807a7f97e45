/** Character tests on UTF-16 code units, as the reference's byte scanners make them (ASCII only). */

export const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;
export const isAsciiLetter = (c: number): boolean => (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
export const isAlphanumeric = (c: number): boolean => isDigit(c) || isAsciiLetter(c);
/** A character of the regular-expression word class `\w` (ASCII). */
export const isWordChar = (c: number): boolean => isAlphanumeric(c) || c === 0x5f;
/** Space, tab, newline, carriage return, form feed, vertical tab. */
export const isWhitespace = (c: number): boolean => c === 0x20 || (c >= 0x09 && c <= 0x0d);
/** The regular-expression class `\s` of RE2: as {@link isWhitespace} without the vertical tab. */
export const isRegexSpace = (c: number): boolean => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d;

export const isWordBoundaryBefore = (s: string, i: number): boolean => i === 0 || !isWordChar(s.charCodeAt(i - 1));
export const isWordBoundaryAfter = (s: string, i: number): boolean => i >= s.length || !isWordChar(s.charCodeAt(i));

/** Lower case of ASCII letters only, so that indices stay those of the original. */
export function asciiLower(s: string): string {
  let ascii = true;
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) >= 0x80) ascii = false;
  return ascii ? s.toLowerCase() : s.replace(/[A-Z]+/g, (m) => m.toLowerCase());
}

export function allDigits(s: string): boolean {
  if (s === "") return false;
  for (let i = 0; i < s.length; i++) if (!isDigit(s.charCodeAt(i))) return false;
  return true;
}

/** Leading zeros removed; "0" when nothing is left. */
export function stripLeadingZeros(s: string): string {
  let i = 0;
  while (i < s.length && s[i] === "0") i++;
  return i === s.length ? "0" : s.slice(i);
}

/** Length in UTF-8 bytes (what Go's len() counts). */
export function utf8Length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n += 4;
        i++;
      } else n += 3;
    } else n += 3;
  }
  return n;
}

/** Number of code points (Go's utf8.RuneCountInString). */
export function runeCount(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** False when the text holds a lone surrogate (text that was not valid UTF-8 to begin with). */
export const isWellFormed = (s: string): boolean => !LONE_SURROGATE.test(s);

const FOLDS: Readonly<Record<string, string>> = { k: "Kk\u212a", s: "Ssſ" };

/**
 * A pattern source made case-insensitive the way RE2's `(?i)` is for ASCII text: each letter becomes a class of
 * its cases ("s" also matches "ſ", "k" the Kelvin sign). Unlike the `i` flag this leaves `\b` ASCII-only.
 * Letters after a backslash are escapes and stay; letter ranges inside classes are not supported.
 */
export function caseInsensitive(source: string): string {
  let out = "";
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c === "\\") {
      out += c + (source[++i] ?? "");
      continue;
    }
    if (c === "[") inClass = true;
    else if (c === "]") inClass = false;
    const code = c.charCodeAt(0);
    if (!isAsciiLetter(code)) {
      out += c;
      continue;
    }
    const lower = c.toLowerCase();
    const cases = FOLDS[lower] ?? lower.toUpperCase() + lower;
    out += inClass ? cases : `[${cases}]`;
  }
  return out;
}
