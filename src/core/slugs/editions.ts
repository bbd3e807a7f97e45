/**
 * Edition and version words removed from the end of a title ("Pokemon Red Version" → "Pokemon Red",
 * "Game v1.2" → "Game"), and dotted initialisms closed up ("T.V." → "TV"). Semantic edition words
 * ("Special", "Deluxe") stay: they name other products. Pure.
 */
import { trimSpace } from "./go-strings.ts";
import tables from "./tables.json" with { type: "json" };

const EDITION_WORDS: readonly string[] = tables.editionSuffixWords;

/** Go's `\s`: tab, newline, form feed, carriage return, space. */
function isRegexSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d;
}

/** `StripEditionAndVersionSuffixes`: a trailing edition word, then a trailing version token, removed. */
export function stripEditionAndVersionSuffixes(s: string): string {
  return trimSpace(stripVersionSuffix(trimSpace(stripEditionSuffixWord(s))));
}

/** A trailing edition word after white space; Latin words match ASCII letters in any case. */
function stripEditionSuffixWord(s: string): string {
  for (const word of EDITION_WORDS) {
    const start = s.length - word.length;
    if (start < 1 || !isRegexSpace(s.charCodeAt(start - 1))) continue;
    if (endsWithFolded(s, start, word)) return s.slice(0, start - 1);
  }
  return s;
}

function endsWithFolded(s: string, start: number, word: string): boolean {
  for (let j = 0; j < word.length; j++) {
    const a = s.charCodeAt(start + j);
    const b = word.charCodeAt(j);
    if (a !== b && !(a >= 0x41 && a <= 0x5a && a + 0x20 === b)) return false;
  }
  return true;
}

/** Lower-case "v", an optional ".", then 1-3 digits with further ".digits" groups of 1-4, or 1-5 of I V X. */
const VERSION_TOKEN = /^v\.?(?:\d{1,3}(?:\.\d{1,4})*|[IVX]{1,5})$/;

/** A trailing version token ("v1", "v1.0", "v2.3.1", "vII") after white space. */
function stripVersionSuffix(s: string): string {
  let start = s.length;
  while (start > 0 && !isRegexSpace(s.charCodeAt(start - 1))) start--;
  if (start === 0 || start === s.length) return s;
  return VERSION_TOKEN.test(s.slice(start)) ? s.slice(0, start - 1) : s;
}

const DOTTED_INITIALISM = /\b(?:[A-Za-z]\.){2,}/g;

/** `CollapseDottedInitialisms`: two or more single letters each followed by a period lose the periods. */
export function collapseDottedInitialisms(s: string): string {
  if (!s.includes(".")) return s;
  return s.replace(DOTTED_INITIALISM, (m) => m.replaceAll(".", ""));
}
