/**
 * Abbreviations and number words spelled one way: "Bros." / "Bros" → "brothers", "vs" → "versus",
 * "feat." → "featuring" (only with its period: "feat" is a word), "Two" → "2". Words are white-space
 * separated; a word that changes is replaced whole. Pure.
 */
import { fields, isAscii, toLowerGo } from "./go-strings.ts";
import tables from "./tables.json" with { type: "json" };

const PERIOD_REQUIRED = new Map(Object.entries(tables.periodRequiredAbbreviations));
const ABBREVIATIONS = new Map(Object.entries(tables.abbreviations));
const NUMBER_WORDS = new Map(Object.entries(tables.numberWords));

/** Longest word that can expand ("seventeen."). */
const LONGEST = Math.max(...[...PERIOD_REQUIRED.keys(), ...ABBREVIATIONS.keys(), ...NUMBER_WORDS.keys()].map((k) => k.length + 1));

const withoutPeriod = (w: string): string => (w.endsWith(".") ? w.slice(0, -1) : w);

function abbreviation(lower: string): string | undefined {
  return PERIOD_REQUIRED.get(lower) ?? ABBREVIATIONS.get(withoutPeriod(lower));
}

function numberWord(lower: string): string | undefined {
  return NUMBER_WORDS.get(lower) ?? NUMBER_WORDS.get(withoutPeriod(lower));
}

function expandWords(s: string, expand: (lower: string) => string | undefined): string {
  return fields(s)
    .map((w) => expand(toLowerGo(w)) ?? w)
    .join(" ");
}

/** `ExpandAbbreviations` (words re-joined with single spaces). */
export const expandAbbreviations = (s: string): string => expandWords(s, abbreviation);

/** `ExpandNumberWords` (words re-joined with single spaces). */
export const expandNumberWords = (s: string): string => expandWords(s, numberWord);

/** In ASCII text (white space: \t \n \v \f \r and space), a word that may expand, in any case. */
const ASCII_CANDIDATE = new RegExp(
  `(?:^|[\\t\\n\\v\\f\\r ])(?:${[...PERIOD_REQUIRED.keys(), ...ABBREVIATIONS.keys(), ...NUMBER_WORDS.keys()]
    .map((k) => k.replaceAll(".", "\\."))
    .join("|")})\\.?(?=[\\t\\n\\v\\f\\r ]|$)`,
  "i",
);

/** Both expansions in one pass; the string is returned as it was when no word changes. */
export function expandAbbreviationsAndNumbers(s: string): string {
  if (isAscii(s) && !ASCII_CANDIDATE.test(s)) return s;
  const words = fields(s);
  let changed = false;
  for (let i = 0; i < words.length; i++) {
    const word = words[i] ?? "";
    if (word.length > LONGEST) continue;
    const lower = toLowerGo(word);
    const expansion = abbreviation(lower) ?? numberWord(lower);
    if (expansion !== undefined) {
      words[i] = expansion;
      changed = true;
    }
  }
  return changed ? words.join(" ") : s;
}
