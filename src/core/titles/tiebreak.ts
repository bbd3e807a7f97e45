/**
 * The reference's last tie-break among equally good files: prefer no OS copy marker, then a shallower path, then
 * a tidier file name, then a shorter one; on a full tie the earlier file in result order wins.
 */
import type { MediaResult } from "./types.ts";
import { rawExtension } from "./narrowing.ts";
import { goPathBase } from "./go-strings.ts";

export interface TiebreakerScore {
  /** 1 when the name ends with " (N)" or a "Copy" marker. */
  readonly numericSuffix: number;
  /** Number of "/" in the path. */
  readonly pathDepth: number;
  /** Count of "__" plus 2 when the name mixes "-" and "_". */
  readonly charDensity: number;
  /** File name length in bytes. */
  readonly nameLength: number;
}

// Go's \s is ASCII whitespace only.
const NUMERIC_SUFFIX = /[\t\n\f\r ]+\([0-9]+\)$/;
const COPY_SUFFIX = /[\t\n\f\r ]+(-[\t\n\f\r ]+)?[Cc]opy$/;
const utf8 = new TextEncoder();


function countOccurrences(s: string, sub: string): number {
  let n = 0;
  for (let at = s.indexOf(sub); at >= 0; at = s.indexOf(sub, at + sub.length)) n++;
  return n;
}

function numericSuffix(fileName: string): number {
  const stem = fileName.slice(0, fileName.length - rawExtension(fileName).length);
  return NUMERIC_SUFFIX.test(stem) || COPY_SUFFIX.test(stem) ? 1 : 0;
}

function charDensity(fileName: string): number {
  const mixed = fileName.includes("-") && fileName.includes("_") ? 2 : 0;
  return countOccurrences(fileName, "__") + mixed;
}

export function tiebreakerScore(result: MediaResult): TiebreakerScore {
  const name = goPathBase(result.path);
  return {
    numericSuffix: numericSuffix(name),
    pathDepth: countOccurrences(result.path, "/"),
    charDensity: charDensity(name),
    nameLength: utf8.encode(name).length,
  };
}

export function compareTiebreakerScores(a: TiebreakerScore, b: TiebreakerScore): number {
  return (
    Math.sign(a.numericSuffix - b.numericSuffix) ||
    Math.sign(a.pathDepth - b.pathDepth) ||
    Math.sign(a.charDensity - b.charDensity) ||
    Math.sign(a.nameLength - b.nameLength)
  );
}

/** The first file with the lowest score. */
export function selectByQualityScore(results: readonly MediaResult[]): MediaResult | undefined {
  let best = results[0];
  if (!best) return undefined;
  let bestScore = tiebreakerScore(best);
  for (const r of results.slice(1)) {
    const score = tiebreakerScore(r);
    if (compareTiebreakerScores(score, bestScore) < 0) {
      best = r;
      bestScore = score;
    }
  }
  return best;
}
