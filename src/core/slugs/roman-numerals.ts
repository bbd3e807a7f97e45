/**
 * Roman numerals II to XIX as numbers ("Final Fantasy VII" → "final fantasy 7"), and the whole title lower-cased.
 * A lone "X" stays ("Mega Man X"); a lone "I" or "V" opening the title stays (a pronoun or an initial). Only ASCII
 * letters and digits bound a numeral, so one next to CJK text converts, but one touching an accented Latin letter
 * does not ("Václav"). Pure.
 */
import { codePoints, isAscii, lowerRune, toLowerGo } from "./go-strings.ts";
import tables from "./tables.json" with { type: "json" };
import { isLatinScript } from "./unicode-classes.ts";

/** Patterns in the order they are tried (longer first where one is a prefix of another), with their numbers. */
const NUMERALS: readonly (readonly [string, string])[] = tables.romanNumerals as [string, string][];
const NUMBER_OF = new Map(NUMERALS);
const HAS_NUMERAL_LETTER = /[ivxIVX]/;
const ASCII_NUMERAL_WORD = /\b[ivx]{1,5}\b/g;

/** An ASCII letter, digit or underscore. */
function isWordRune(r: number): boolean {
  return (r >= 0x30 && r <= 0x39) || ((r | 0x20) >= 0x61 && (r | 0x20) <= 0x7a) || r === 0x5f;
}

/** A Latin-script letter that is not ASCII (an accented letter, say). */
const isLatinNonAscii = (r: number): boolean => !isWordRune(r) && isLatinScript(r);

/** `unicode.ToUpper(r)` equals the upper-case ASCII numeral letter `p`; dotless "ı" upper-cases to "I". */
function upperIs(r: number, p: number): boolean {
  return r === p || r === p + 0x20 || (p === 0x49 && r === 0x131);
}

function matchesAt(runes: readonly number[], at: number, pattern: string): boolean {
  if (at + pattern.length > runes.length) return false;
  for (let j = 0; j < pattern.length; j++) if (!upperIs(runes[at + j] ?? 0, pattern.charCodeAt(j))) return false;
  return true;
}

/** `ConvertRomanNumerals`. */
export function convertRomanNumerals(s: string): string {
  if (!HAS_NUMERAL_LETTER.test(s)) return toLowerGo(s);
  return isAscii(s) ? convertAscii(s) : convertRunes(s);
}

/**
 * In ASCII text a numeral that starts and ends at word boundaries is a whole word (a run of letters, digits and
 * underscores), so only words made of i, v and x can change: the text is lower-cased and each such word that is
 * one of the patterns (a one-letter one only past the first character) becomes its number.
 */
function convertAscii(s: string): string {
  return s.toLowerCase().replace(ASCII_NUMERAL_WORD, (word: string, at: number) => {
    const number = NUMBER_OF.get(word.toUpperCase());
    return number !== undefined && !(at === 0 && word.length === 1) ? number : word;
  });
}

function convertRunes(s: string): string {
  const runes = codePoints(s);
  let out = "";
  let i = 0;
  while (i < runes.length) {
    const r = runes[i] ?? 0;
    const prev = i > 0 ? (runes[i - 1] ?? 0) : -1;
    const next = i < runes.length - 1 ? (runes[i + 1] ?? 0) : -1;
    const atBoundary =
      (prev < 0 || !isWordRune(prev)) && !(prev >= 0 && isLatinNonAscii(prev)) && !(next >= 0 && isLatinNonAscii(next));
    const match = atBoundary ? numeralAt(runes, i) : undefined;
    if (match) {
      out += match[1];
      i += match[0].length;
    } else {
      out += String.fromCodePoint(lowerRune(r));
      i++;
    }
  }
  return out;
}

/** The first numeral pattern matching at `i` and ending at a boundary. */
function numeralAt(runes: readonly number[], i: number): readonly [string, string] | undefined {
  for (const numeral of NUMERALS) {
    const pattern = numeral[0];
    if (!matchesAt(runes, i, pattern)) continue;
    if (i === 0 && pattern.length === 1) continue;
    const end = i + pattern.length;
    if (end === runes.length || !isWordRune(runes[end] ?? 0)) return numeral;
  }
  return undefined;
}
