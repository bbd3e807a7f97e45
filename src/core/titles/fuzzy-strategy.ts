/**
 * The fuzzy strategy: titles of about the query's length and word count, first by token signature (word order
 * ignored), then by Jaro-Winkler similarity re-ranked by Damerau-Levenshtein distance; the first candidate slug
 * that finds files wins.
 */
import {
  FUZZY_MATCH_MAX_LENGTH_DIFF,
  FUZZY_MATCH_MIN_SIMILARITY,
  MIN_SLUG_LENGTH_FOR_FUZZY,
  STRATEGY,
  type StrategyName,
} from "./constants.ts";
import { byteLength } from "./go-strings.ts";
import { applyDamerauLevenshteinTieBreaker, findFuzzyMatches, findTokenSignatureMatches } from "./matcher.ts";
import { generateSlugWithMetadata } from "./slug-metadata.ts";
import type { StrategyContext } from "./strategies.ts";
import type { MediaResult } from "./types.ts";

export interface FuzzyOutcome {
  readonly results: readonly MediaResult[];
  readonly strategy?: StrategyName;
  /** The match quality the selection starts from (1 for a token signature, else the similarity). */
  readonly similarity: number;
  readonly detail: string;
}

const LENGTH_TOLERANCE = 3;
const WORD_TOLERANCE = 1;
const DL_TOP_N = 5;

export function tryAdvancedFuzzyMatching(ctx: StrategyContext, gameName: string, slug: string): FuzzyOutcome {
  const none = (detail: string): FuzzyOutcome => ({ results: [], similarity: 0, detail });
  if (byteLength(slug) < MIN_SLUG_LENGTH_FOR_FUZZY) return none(`slug shorter than ${MIN_SLUG_LENGTH_FOR_FUZZY}`);
  const meta = generateSlugWithMetadata(ctx.mediaType, gameName);
  const range = {
    minLength: Math.max(0, meta.slugLength - LENGTH_TOLERANCE),
    maxLength: meta.slugLength + LENGTH_TOLERANCE,
    minWordCount: Math.max(1, meta.slugWordCount - WORD_TOLERANCE),
    maxWordCount: meta.slugWordCount + WORD_TOLERANCE,
  };
  const titles = ctx.queries.getTitlesWithPreFilter(ctx.systemId, range);
  const head =
    `pre-filter length ${range.minLength}-${range.maxLength}, words ${range.minWordCount}-${range.maxWordCount}: ` +
    `${titles.length} titles`;
  if (titles.length === 0) return none(head);

  const tokenMatches = findTokenSignatureMatches(ctx.mediaType, gameName, titles);
  for (const match of tokenMatches) {
    const results = ctx.queries.searchMediaBySlug(ctx.systemId, match, ctx.filters);
    if (results.length > 0) {
      return {
        results,
        strategy: STRATEGY.tokenSignature,
        similarity: 1,
        detail: `${head}; same words as "${match}"`,
      };
    }
  }

  const slugs = titles.map((t) => t.slug);
  const fuzzy = findFuzzyMatches(slug, slugs, FUZZY_MATCH_MAX_LENGTH_DIFF, FUZZY_MATCH_MIN_SIMILARITY);
  if (fuzzy.length === 0) return none(`${head}; ${tokenMatches.length} token matches, no similar slug`);
  for (const match of applyDamerauLevenshteinTieBreaker(slug, fuzzy, DL_TOP_N)) {
    const results = ctx.queries.searchMediaBySlug(ctx.systemId, match.slug, ctx.filters);
    if (results.length > 0) {
      return {
        results,
        strategy: STRATEGY.jaroWinklerDamerau,
        similarity: match.similarity,
        detail: `${head}; ${fuzzy.length} similar slugs, best "${match.slug}" (similarity ${match.similarity.toFixed(4)})`,
      };
    }
  }
  return none(`${head}; ${fuzzy.length} similar slugs, none with files`);
}
