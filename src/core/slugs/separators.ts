/**
 * Stage 4 of the pipeline: conjunctions spelled out ("&", " + ", " 'n' " → "and"), "+" → "plus", and the
 * separators `: _ / \ , ;` made spaces. A hyphen stays only between two letters or digits ("Spider-Man");
 * elsewhere it is a space. Periods are left for later. Pure.
 */
import { codePoints, isAscii } from "./go-strings.ts";
import { isAsciiAlnum, isLetterOrNumber } from "./unicode-classes.ts";

/** Replacements in the order they apply; each runs over the whole string before the next. */
const CONJUNCTIONS: readonly (readonly [string, string])[] = [
  [" & ", " and "],
  ["&", " and "],
  [" + ", " and "],
  [" 'n' ", " and "],
  [" 'n ", " and "],
  [" n' ", " and "],
  [" n ", " and "],
  ["+", " plus "],
];

const HAS_SEPARATOR = /[:_/\\,;-]/;
const SEPARATORS = ":_/\\,;";

/** `NormalizeSymbolsAndSeparators`. */
export function normalizeSymbolsAndSeparators(input: string): string {
  let s = input;
  for (const [from, to] of CONJUNCTIONS) if (s.includes(from)) s = s.replaceAll(from, to);
  if (!HAS_SEPARATOR.test(s)) return s;
  return isAscii(s) ? separateAscii(s) : separateRunes(s);
}

function separateAscii(s: string): string {
  let out = "";
  let from = 0;
  for (let i = 0; i < s.length; i++) {
    const ch = s.charAt(i);
    let space: boolean;
    if (SEPARATORS.includes(ch)) space = true;
    else if (ch === "-") {
      space = !(i > 0 && isAsciiAlnum(s.charCodeAt(i - 1)) && i < s.length - 1 && isAsciiAlnum(s.charCodeAt(i + 1)));
    } else continue;
    if (space) {
      out += `${s.slice(from, i)} `;
      from = i + 1;
    }
  }
  return out + s.slice(from);
}

function separateRunes(s: string): string {
  const runes = codePoints(s);
  let out = "";
  for (let i = 0; i < runes.length; i++) {
    const r = runes[i] ?? 0;
    const ch = String.fromCodePoint(r);
    if (SEPARATORS.includes(ch)) out += " ";
    else if (ch === "-") {
      const keep =
        i > 0 && isLetterOrNumber(runes[i - 1] ?? 0) && i < runes.length - 1 && isLetterOrNumber(runes[i + 1] ?? 0);
      out += keep ? "-" : " ";
    } else out += ch;
  }
  return out;
}
