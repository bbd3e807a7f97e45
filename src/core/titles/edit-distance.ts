/**
 * The two string metrics the reference's fuzzy title matcher takes from hbollon/go-edlib, reproduced to give the
 * same numbers: Jaro and Jaro-Winkler similarity computed in 32-bit floats (each operation rounded as Go rounds a
 * float32), and the unrestricted Damerau-Levenshtein distance. Both work on code points, not UTF-16 units.
 */

const f32 = Math.fround;
const WINKLER_SCALE = f32(0.1);
const MAX_WINKLER_PREFIX = 4;

function codePoints(s: string): number[] {
  const out: number[] = [];
  for (const ch of s) out.push(ch.codePointAt(0) ?? 0);
  return out;
}

function sameCodePoints(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function jaroOf(a: readonly number[], b: readonly number[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  if (sameCodePoints(a, b)) return 1;
  // Go's integer division truncates toward zero; with both lengths ≥ 1 the quotient is never negative.
  const window = Math.trunc(Math.max(a.length, b.length) / 2) - 1;
  const aMatched = new Uint8Array(a.length);
  const bMatched = new Uint8Array(b.length);
  let matches = 0;
  for (let i = 0; i < a.length; i++) {
    const end = Math.min(b.length, i + window + 1);
    for (let j = Math.max(0, i - window); j < end; j++) {
      if (a[i] === b[j] && bMatched[j] === 0) {
        aMatched[i] = 1;
        bMatched[j] = 1;
        matches++;
        break;
      }
    }
  }
  if (matches === 0) return 0;
  let halfTranspositions = 0;
  let p = 0;
  for (let i = 0; i < a.length; i++) {
    if (aMatched[i] !== 1) continue;
    while (bMatched[p] === 0) p++;
    if (a[i] !== b[p]) halfTranspositions = f32(halfTranspositions + 1);
    p++;
  }
  const t = f32(halfTranspositions / 2);
  const m = f32(matches);
  const sum = f32(f32(f32(m / f32(a.length)) + f32(m / f32(b.length))) + f32(f32(m - t) / m));
  return f32(sum / 3);
}

/** Jaro similarity in [0, 1] (float32 value). */
export function jaroSimilarity(s1: string, s2: string): number {
  return jaroOf(codePoints(s1), codePoints(s2));
}

/** Jaro-Winkler similarity: Jaro boosted by a common prefix of up to four code points (float32 value). */
export function jaroWinklerSimilarity(s1: string, s2: string): number {
  const a = codePoints(s1);
  const b = codePoints(s2);
  const jaro = jaroOf(a, b);
  if (jaro === 0 || jaro === 1) return jaro;
  let prefix = 0;
  const limit = Math.min(a.length, b.length);
  while (prefix < limit && a[prefix] === b[prefix]) prefix++;
  prefix = Math.min(prefix, MAX_WINKLER_PREFIX);
  const boost = f32(f32(WINKLER_SCALE * prefix) * f32(1 - jaro));
  return f32(jaro + boost);
}

/** Unrestricted Damerau-Levenshtein distance (adjacent transpositions count as one edit). */
export function damerauLevenshteinDistance(s1: string, s2: string): number {
  const a = codePoints(s1);
  const b = codePoints(s2);
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  if (sameCodePoints(a, b)) return 0;
  const lastRowOf = new Map<number, number>();
  const cols = b.length + 2;
  const d = new Int32Array((a.length + 2) * cols);
  const at = (i: number, j: number): number => d[i * cols + j] ?? 0;
  const maxDist = a.length + b.length;
  d[0] = maxDist;
  for (let i = 0; i <= a.length; i++) {
    d[(i + 1) * cols] = maxDist;
    d[(i + 1) * cols + 1] = i;
  }
  for (let j = 0; j <= b.length; j++) {
    d[j + 1] = maxDist;
    d[cols + j + 1] = j;
  }
  for (let i = 1; i <= a.length; i++) {
    let lastMatchCol = 0;
    for (let j = 1; j <= b.length; j++) {
      const bj = b[j - 1] ?? 0;
      const i1 = lastRowOf.get(bj) ?? 0;
      const j1 = lastMatchCol;
      let cost = 1;
      if (a[i - 1] === bj) {
        cost = 0;
        lastMatchCol = j;
      }
      d[(i + 1) * cols + j + 1] = Math.min(
        at(i + 1, j) + 1,
        at(i, j + 1) + 1,
        at(i, j) + cost,
        at(i1, j1) + (i - i1 - 1) + 1 + (j - j1 - 1),
      );
    }
    lastRowOf.set(a[i - 1] ?? 0, i);
  }
  return at(a.length + 1, b.length + 1);
}
