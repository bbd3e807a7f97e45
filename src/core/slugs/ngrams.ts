/**
 * Character n-grams and their set overlap, for matching scripts written without spaces between words (Thai,
 * Burmese, Khmer, Lao). Characters are code points. Pure.
 */

function ngrams(s: string, n: number): string[] {
  const chars = Array.from(s);
  if (chars.length < 2) return [s];
  if (chars.length < n) return ngrams(s, chars.length);
  const out: string[] = [];
  for (let i = 0; i + n <= chars.length; i++) out.push(chars.slice(i, i + n).join(""));
  return out;
}

/** `GenerateBigrams`: overlapping pairs of characters; a string shorter than two is its own only gram. */
export const generateBigrams = (s: string): string[] => ngrams(s, 2);

/** `GenerateTrigrams`: overlapping triples; falls back to bigrams (or the string) when shorter. */
export const generateTrigrams = (s: string): string[] => ngrams(s, 3);

/** `JaccardSimilarity`: |intersection| / |union| of two sets (1 when both are empty, 0 when one is). */
export function jaccardSimilarity(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 && b.length === 0) return 1;
  if (a.length === 0 || b.length === 0) return 0;
  const union = new Set(a);
  const inA = new Set(a);
  const both = new Set<string>();
  for (const x of b) {
    if (inA.has(x)) both.add(x);
    union.add(x);
  }
  return both.size / union.size;
}
