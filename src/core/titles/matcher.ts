/**
 * The fuzzy title matchers: word-order-independent token signatures, Jaro-Winkler similarity over slugs, and a
 * Damerau-Levenshtein re-ranking of the best few. Orders ties exactly as the reference does.
 */
import { type MediaType, slugifyWithTokens } from "./slug-fns.ts";
import { damerauLevenshteinDistance, jaroWinklerSimilarity } from "./edit-distance.ts";
import { goSortSlice } from "./go-sort.ts";
import { byteLength, compareGoStrings } from "./go-strings.ts";
import type { TitleRecord } from "./types.ts";

export interface FuzzyMatch {
  readonly slug: string;
  /** Jaro-Winkler similarity (a float32 value). */
  readonly similarity: number;
}

/**
 * Candidates within `maxLengthDiff` bytes of the query whose Jaro-Winkler similarity reaches `minSimilarity`
 * (compared in float32), best first; the query itself is skipped.
 */
export function findFuzzyMatches(
  query: string,
  candidates: readonly string[],
  maxLengthDiff: number,
  minSimilarity: number,
): FuzzyMatch[] {
  const threshold = Math.fround(minSimilarity);
  const queryBytes = byteLength(query);
  const matches: FuzzyMatch[] = [];
  for (const candidate of candidates) {
    if (candidate === query) continue;
    if (Math.abs(queryBytes - byteLength(candidate)) > maxLengthDiff) continue;
    const similarity = jaroWinklerSimilarity(query, candidate);
    if (similarity >= threshold) matches.push({ slug: candidate, similarity });
  }
  return goSortSlice(matches, (a, b) => a.similarity > b.similarity);
}

/** The slug tokens of a title, sorted and joined by "_" ("Super Mario World" → "mario_super_world"). */
export function generateTokenSignature(mediaType: MediaType, name: string): string {
  const tokens = [...slugifyWithTokens(mediaType, name).tokens];
  tokens.sort(compareGoStrings);
  return tokens.join("_");
}

const signatures = new WeakMap<TitleRecord, string>();

/** A title's signature, computed once per title record (records are long-lived in an index). */
function titleSignature(mediaType: MediaType, title: TitleRecord): string {
  let sig = signatures.get(title);
  if (sig === undefined) {
    sig = generateTokenSignature(mediaType, title.name);
    signatures.set(title, sig);
  }
  return sig;
}

/** Slugs of the candidate titles whose token signature equals the query's, in candidate order. */
export function findTokenSignatureMatches(
  mediaType: MediaType,
  queryName: string,
  candidates: readonly TitleRecord[],
): string[] {
  const signature = generateTokenSignature(mediaType, queryName);
  return candidates.filter((c) => titleSignature(mediaType, c) === signature).map((c) => c.slug);
}

/** Re-ranks the first `topN` matches by Damerau-Levenshtein distance to the query (smaller first). */
export function applyDamerauLevenshteinTieBreaker(query: string, matches: readonly FuzzyMatch[], topN: number): FuzzyMatch[] {
  if (matches.length <= 1) return [...matches];
  const top = topN > 0 && matches.length > topN ? matches.slice(0, topN) : [...matches];
  const scored = top.map((match) => ({ match, distance: damerauLevenshteinDistance(query, match.slug) }));
  goSortSlice(scored, (a, b) => a.distance < b.distance);
  return scored.map((s) => s.match);
}
