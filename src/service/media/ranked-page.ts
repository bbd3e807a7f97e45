import { collectBits } from "../../core/media/postings.ts";
import { lowerBound } from "../../core/media/title-order.ts";

/** Beyond this many candidates, a tier is listed by walking the title order instead of sorting the candidates. */
const SORT_MAX = 8192;

export interface RankedQuery {
  /** Media ids in title order, and each id's place in it. */
  order: Int32Array;
  rank: Int32Array;
  /** The lowercased title at a place of the order. */
  titleAt(place: number): string;
  /** Id ranges searched (the chosen systems), ascending. */
  ranges: ReadonlyArray<readonly [number, number]>;
  /** The media matching every query word and tag filter; null: all of the ranges. */
  bits: Int32Array | null;
  /** The matches whose every query word starts a name word (may hold ids outside `bits`); null: no query words. */
  starts: Int32Array | null;
  /** The query as titles compare (`titleKey`); "" without query words. */
  key: string;
  /** How many matches there are (`bits` within the ranges). */
  total: number;
  max: number;
}

const has = (bits: Int32Array, id: number) => ((bits[id >>> 5] as number) >>> (id & 31)) & 1;

/**
 * The first `max` matches in rank order: exact title, then title prefix, then those whose every query word
 * starts a name word, then the rest; title order (then id) within each. Exact and prefix matches are ranges of
 * the title order (binary search); the other tiers are sorted when small, else read off the title order.
 */
export function rankedPage(q: RankedQuery): number[] {
  const { order, rank, ranges, bits, starts, max } = q;
  const all = ranges.length === 1 && ranges[0]?.[0] === 1 && ranges[0]?.[1] === order.length;
  const inRanges = (id: number) => all || ranges.some(([lo, hi]) => id >= lo && id <= hi);
  const member = (id: number) => (bits === null || has(bits, id) === 1) && inRanges(id);
  const out: number[] = [];
  const seen = new Set<number>();
  const take = (id: number): boolean => {
    if (!seen.has(id) && member(id)) {
      seen.add(id);
      out.push(id);
    }
    return out.length >= max;
  };
  if (max <= 0 || q.total === 0) return out;
  if (q.key) {
    const exactFrom = lowerBound(order.length, q.key, q.titleAt);
    // exact titles sort before their extensions: one pass lists the exact ones, then the prefix ones
    const prefixTo = lowerBound(order.length, `${q.key}\uffff`, q.titleAt);
    for (let r = exactFrom; r < prefixTo; r++) if (take(order[r] as number)) return out;
  }
  const tier = (inTier: (id: number) => boolean): boolean => {
    if (q.total <= SORT_MAX) {
      const ids: number[] = [];
      if (bits) for (const [lo, hi] of ranges) collectBits(bits, lo, hi, Number.MAX_SAFE_INTEGER, ids);
      else for (const [lo, hi] of ranges) for (let id = lo; id <= hi; id++) ids.push(id);
      // their places in the order, sorted natively (no comparator), read back as ids
      const places = new Int32Array(ids.length);
      for (let i = 0; i < ids.length; i++) places[i] = rank[ids[i] as number] as number;
      places.sort();
      for (const place of places) {
        const id = order[place] as number;
        if (inTier(id) && take(id)) return true;
      }
      return false;
    }
    for (let r = 0; r < order.length; r++) {
      const id = order[r] as number;
      if (inTier(id) && take(id)) return true;
    }
    return false;
  };
  if (starts === null) {
    tier(() => true);
    return out;
  }
  if (tier((id) => has(starts, id) === 1)) return out;
  tier((id) => has(starts, id) === 0);
  return out;
}
