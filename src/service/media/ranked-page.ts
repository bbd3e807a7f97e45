import { collectBits, countBits } from "../../core/media/postings.ts";
import { lowerBound } from "../../core/media/title-order.ts";

/** Up to this many candidates, a tier is sorted by place; beyond, it is read off the title order. */
const SORT_MAX = 4096;

export interface RankedQuery {
  /** Media ids in title order, and each id's place in it. */
  order: Int32Array;
  rank: Int32Array;
  /** The first place whose lowercased title is ≥ key. */
  lowerBound(key: string): number;
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
 * starts a name word, then the rest; title order (then id) within each. Exact and prefix matches are a range
 * of the title order (binary search); the other tiers are sorted by place when small, else read off the title
 * order until the page is full (few steps: such a tier is dense).
 */
export function rankedPage(q: RankedQuery): number[] {
  const { order, rank, ranges, bits, starts, max } = q;
  const all = ranges.length === 1 && ranges[0]?.[0] === 1 && ranges[0]?.[1] === order.length;
  const member = (id: number) => (bits === null || has(bits, id) === 1) && (all || ranges.some(([lo, hi]) => id >= lo && id <= hi));
  const out: number[] = [];
  const seen = new Set<number>();
  if (max <= 0 || q.total === 0) return out;
  const take = (id: number): boolean => {
    if (!seen.has(id) && member(id)) {
      seen.add(id);
      out.push(id);
    }
    return out.length >= max;
  };
  if (q.key) {
    // exact titles sort before their extensions: one pass lists the exact ones, then the prefix ones
    const to = q.lowerBound(`${q.key}\uffff`);
    for (let r = q.lowerBound(q.key); r < to; r++) if (take(order[r] as number)) return out;
  }
  /** Lists the members of a tier: `source` holds it (null: the ranges), `want` 1/0 for in/out of `starts`. */
  const tier = (source: Int32Array | null, count: number, want: number): boolean => {
    if (count === 0) return false;
    if (count <= SORT_MAX) {
      const ids: number[] = [];
      if (source) for (const [lo, hi] of ranges) collectBits(source, lo, hi, Number.MAX_SAFE_INTEGER, ids);
      else for (const [lo, hi] of ranges) for (let id = lo; id <= hi; id++) ids.push(id);
      // their places in the order, sorted natively (no comparator), read back as ids
      const places = new Int32Array(ids.length);
      for (let i = 0; i < ids.length; i++) places[i] = rank[ids[i] as number] as number;
      places.sort();
      for (const place of places) {
        const id = order[place] as number;
        if ((starts === null || has(starts, id) === want) && take(id)) return true;
      }
      return false;
    }
    // the tight loop of dense tiers: the match bitset first (the most selective test), then the tier
    for (let r = 0; r < order.length; r++) {
      const id = order[r] as number;
      if (bits !== null && (((bits[id >>> 5] as number) >>> (id & 31)) & 1) === 0) continue;
      if (starts !== null && has(starts, id) !== want) continue;
      if (take(id)) return true;
    }
    return false;
  };
  if (starts === null) {
    tier(bits, q.total, 1);
    return out;
  }
  let startCount = 0;
  for (const [lo, hi] of ranges) startCount += countBits(starts, lo, hi);
  if (tier(starts, startCount, 1)) return out;
  tier(bits, q.total, 0);
  return out;
}
