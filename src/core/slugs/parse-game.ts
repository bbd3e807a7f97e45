/**
 * Game titles: articles and subtitles, region / dump tags in brackets, edition and version words, separators,
 * abbreviations and number words, ordinals and Roman numerals, so that the names one game goes by meet.
 * "Super Mario Bros. III (USA) [!]" → "super mario brothers 3". Pure.
 */
import { splitAndStripArticles, stripTrailingArticle } from "./articles.ts";
import { stripMetadataBrackets } from "./brackets.ts";
import { collapseDottedInitialisms, stripEditionAndVersionSuffixes } from "./editions.ts";
import { expandAbbreviationsAndNumbers } from "./expansions.ts";
import { isAscii, trimCutset, trimSpace } from "./go-strings.ts";
import { normalizeOrdinals } from "./ordinals.ts";
import { convertRomanNumerals } from "./roman-numerals.ts";
import { normalizeWidth } from "./width.ts";

/** Conjunctions and separators, in the order they apply (commas stay: they were needed above). */
const REPLACEMENTS: readonly (readonly [string, string])[] = [
  [" & ", " and "],
  ["&", " and "],
  [" + ", " and "],
  ["+", " plus "],
  [":", " "],
  ["_", " "],
  ["/", " "],
  ["\\", " "],
  [";", " "],
  [".", " "],
];

const TRAILING_SEPARATORS = "-:;.,_/\\ ";

/** `ParseGame`. */
export function parseGame(title: string): string {
  let s = trimSpace(isAscii(title) ? title : normalizeWidth(title));
  s = trimSpace(splitAndStripArticles(s));
  s = trimSpace(stripTrailingArticle(s));
  s = trimSpace(stripMetadataBrackets(s));
  s = trimSpace(stripEditionAndVersionSuffixes(s));
  s = collapseDottedInitialisms(s);
  s = trimCutset(s, TRAILING_SEPARATORS, false, true);
  for (const [from, to] of REPLACEMENTS) if (s.includes(from)) s = s.replaceAll(from, to);
  s = trimSpace(s);
  s = expandAbbreviationsAndNumbers(s);
  s = normalizeOrdinals(s);
  return convertRomanNumerals(s);
}
