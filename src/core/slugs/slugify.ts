/**
 * Slugs: the normalized form titles are matched by. A media-type parser first (games lose region tags,
 * editions and articles; TV episodes get one marker format…), then the shared pipeline, then every character
 * that is not a letter or digit is dropped: Latin text keeps only a-z and 0-9, other scripts keep their own
 * letters. Deterministic and pure.
 */
import { trimSpace } from "./go-strings.ts";
import { parseGame } from "./parse-game.ts";
import { parseWithMediaType } from "./parse.ts";
import { normalizeInternal, tokenizeNormalized } from "./pipeline.ts";
import { detectScript, needsUnicodeSlug } from "./scripts.ts";
import type { MediaType } from "./media-type.ts";

export interface SlugifyResult {
  slug: string;
  /** The word tokens of the same normalized text the slug was made from. */
  tokens: string[];
}

/** Everything a non-Latin slug drops: all but a-z, 0-9 and the letters of the supported scripts. */
const NOT_KEPT_IN_UNICODE_SLUG = new RegExp(
  "[^a-z0-9" +
    "\\p{Script=Latin}" +
    "\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}\\u30FC\\u30FB\\u3005" +
    "\\p{Script=Cyrillic}\\p{Script=Greek}" +
    "\\p{Script=Devanagari}\\p{Script=Bengali}\\p{Script=Tamil}\\p{Script=Telugu}\\p{Script=Kannada}" +
    "\\p{Script=Malayalam}\\p{Script=Gurmukhi}\\p{Script=Gujarati}\\p{Script=Oriya}\\p{Script=Sinhala}" +
    "\\p{Script=Arabic}\\p{Script=Hebrew}" +
    "\\p{Script=Thai}\\p{Script=Myanmar}\\p{Script=Khmer}\\p{Script=Lao}\\p{Script=Ethiopic}" +
    "]+",
  "gu",
);
const NOT_ASCII_ALNUM = /[^a-z0-9]+/g;

/** `SlugifyWithTokens`: the slug and the word tokens of one title. */
export function slugifyWithTokens(mediaType: MediaType, input: string): SlugifyResult {
  const { text, ctx } = normalizeInternal(parseWithMediaType(mediaType, input));
  if (text === "") return { slug: "", tokens: [] };
  const tokens = tokenizeNormalized(text);
  const script = ctx.scriptCached && ctx.script !== undefined ? ctx.script : detectScript(text);
  const slug = needsUnicodeSlug(script)
    ? trimSpace(text.replace(NOT_KEPT_IN_UNICODE_SLUG, ""))
    : text.replace(NOT_ASCII_ALNUM, "");
  return { slug, tokens };
}

/** `Slugify`: the slug of one title as media of the given type. */
export function slugify(mediaType: MediaType, input: string): string {
  return slugifyWithTokens(mediaType, input).slug;
}

/** `NormalizeToWords`: a title's word tokens, read as a game title (for scoring, not for slugs). */
export function normalizeToWords(input: string): string[] {
  const { text } = normalizeInternal(parseGame(input));
  return text === "" ? [] : tokenizeNormalized(text);
}
