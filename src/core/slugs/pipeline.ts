/**
 * The media-type-independent stages of slugification, run after a media parser: width (1), punctuation (2)
 * and Unicode (3) normalization for non-ASCII text, conjunctions and separators (4), periods to spaces (5),
 * lower case (6). Word tokens are read from the result. Pure.
 */
import { isAscii, toLowerGo, trimCutset, trimSpace } from "./go-strings.ts";
import { normalizePunctuation } from "./punctuation.ts";
import { normalizeSymbolsAndSeparators } from "./separators.ts";
import { normalizeUnicode, type PipelineContext } from "./unicode-normalization.ts";
import { normalizeWidth } from "./width.ts";

export interface NormalizedText {
  /** Lower-cased text with its word boundaries (spaces) kept. */
  text: string;
  ctx: PipelineContext;
}

/** Stages 1 to 6 on an already media-parsed title. */
export function normalizeInternal(input: string): NormalizedText {
  const ctx: PipelineContext = { scriptCached: false };
  let s = trimSpace(input);
  if (s === "") return { text: "", ctx };
  const ascii = isAscii(s);
  ctx.isAscii = ascii;
  if (!ascii) s = normalizeUnicode(normalizePunctuation(normalizeWidth(s)), ctx);
  s = normalizeSymbolsAndSeparators(s);
  if (s.includes(".")) s = s.replaceAll(".", " ");
  return { text: trimSpace(toLowerGo(s)), ctx };
}

/** Anything but a letter, a digit, an apostrophe or a hyphen separates words. */
const NOT_WORD_CHAR = /[^\p{L}\p{N}'-]+/u;
const ASCII_NOT_WORD_CHAR = /[^A-Za-z0-9'-]+/;

/** The word tokens of normalized text: lower case, apostrophes and hyphens kept inside words only. */
export function tokenizeNormalized(s: string): string[] {
  const out: string[] = [];
  for (const field of s.split(isAscii(s) ? ASCII_NOT_WORD_CHAR : NOT_WORD_CHAR)) {
    const token = trimCutset(field, "'-");
    if (token !== "") out.push(toLowerGo(token));
  }
  return out;
}
