/**
 * Title slugs and the normalization stages behind them, as the reference computes them (its `slugs` package):
 * the names and behaviour other modules match titles by.
 */
export {
  MediaTypeApplication,
  MediaTypeAudio,
  MediaTypeGame,
  MediaTypeImage,
  MediaTypeMovie,
  MediaTypeMusic,
  MediaTypeTVShow,
  MediaTypeVideo,
  mediaTypes,
  type MediaType,
} from "./media-type.ts";
export { normalizeToWords, slugify, slugifyWithTokens, type SlugifyResult } from "./slugify.ts";
export { parseWithMediaType } from "./parse.ts";
export { parseGame } from "./parse-game.ts";
export { parseMovie, stripMovieSceneTags } from "./parse-movie.ts";
export { parseMusic, stripMusicSceneTags } from "./parse-music.ts";
export { parseTVShow } from "./parse-tv.ts";
export { normalizeWidth } from "./width.ts";
export { normalizePunctuation } from "./punctuation.ts";
export { normalizeUnicode } from "./unicode-normalization.ts";
export { normalizeSymbolsAndSeparators } from "./separators.ts";
export { stripMetadataBrackets } from "./brackets.ts";
export { collapseDottedInitialisms, stripEditionAndVersionSuffixes } from "./editions.ts";
export { expandAbbreviations, expandNumberWords } from "./expansions.ts";
export { normalizeOrdinals } from "./ordinals.ts";
export { convertRomanNumerals } from "./roman-numerals.ts";
export {
  splitAndStripArticles,
  splitTitle,
  stripLeadingArticle,
  stripTrailingArticle,
  type SplitTitleResult,
} from "./articles.ts";
export { normalizeDotSeparators, stripSceneTags } from "./scene-tags.ts";
export {
  detectScript,
  isBurmese,
  isKhmer,
  isLao,
  isThai,
  needsNGramMatching,
  needsUnicodeSlug,
  ScriptAmharic,
  ScriptArabic,
  ScriptBurmese,
  ScriptCJK,
  ScriptCyrillic,
  ScriptGreek,
  ScriptHebrew,
  ScriptIndic,
  ScriptKhmer,
  ScriptLao,
  ScriptLatin,
  ScriptThai,
  type ScriptType,
} from "./scripts.ts";
export { generateBigrams, generateTrigrams, jaccardSimilarity } from "./ngrams.ts";
