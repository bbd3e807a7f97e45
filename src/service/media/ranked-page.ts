import { collectBitsInto, countBits } from "../../core/media/postings.ts";

/** Up to this many candidates, a tier is sorted by place; beyond, it is read off the title order. */
const SORT_MAX = 4096;

/**
 * The places of a small tier's candidates, sorted there: one buffer for every search (they run one at a time and
 * keep nothing of it), so that ranking a page makes no garbage for the collector to pause on (issue 41, B3).
 */
const tierPlaces = new Int32Array(SORT_MAX);

/** The rank tiers, in order: title exact or prefix, every query word starting a name word, the rest. */
export const TIER_TITLE = 0;
export const TIER_WORD_STARTS = 1;
export const TIER_REST = 2;

/** Where a page ends: the tier and title-order place of its last item; the next page starts after it. */
export interface RankPosition {
  tier: number;
  place: number;
}

export interface RankedQuery {
  /** Media ids in title order, and each id's place in it. */
  order: Int32Array;
  rank: Int32Array;
  /** The places whose title key starts with `key`: lo..hi, hi excluded (title-order.ts `sampledPrefixRange`). */
  prefixRange(key: string): [number, number];
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
  /** List only what ranks after this position (a cursor's); from the start when absent. */
  after?: RankPosition;
}

const has = (bits: Int32Array, id: number) => ((bits[id >>> 5] as number) >>> (id & 31)) & 1;

/**
 * The first `max` matches in rank order after `after`: exact title, then title prefix (one range of the title
 * order: exact titles sort before their extensions), then those whose every query word starts a name word, then
 * the rest; title order (then id) within each. The other tiers are sorted by place when small, else read off the
 * title order until the page is full (few steps: such a tier is dense). `tiers[i]` is the tier of `ids[i]`.
 */
export function rankedPage(q: RankedQuery): { ids: number[]; tiers: number[] } {
  const { order, rank, ranges, bits, starts, max, after } = q;
  if (max <= 0 || q.total === 0) return { ids: [], tiers: [] };
  // at their full length from the start (a page is filled in order; growing them by pushes copied them each time)
  const ids: number[] = new Array(Math.min(max, q.total));
  const tiers: number[] = new Array(ids.length);
  let taken = 0;
  const page = () => {
    ids.length = taken;
    tiers.length = taken;
    return { ids, tiers };
  };
  const all = ranges.length === 1 && ranges[0]?.[0] === 1 && ranges[0]?.[1] === order.length;
  const inRanges = (id: number) => {
    if (all) return true;
    for (let i = 0; i < ranges.length; i++) {
      const range = ranges[i] as readonly [number, number];
      if (id >= range[0] && id <= range[1]) return true;
    }
    return false;
  };
  const matches = (id: number) => (bits === null || has(bits, id) === 1) && inRanges(id);
  /** The first place of a tier to list: past the cursor in its own tier, none before it. */
  const from = (tier: number) => (after === undefined || tier > after.tier ? 0 : tier === after.tier ? after.place + 1 : Number.POSITIVE_INFINITY);
  const take = (id: number, tier: number): boolean => {
    ids[taken] = id;
    tiers[taken++] = tier;
    return taken >= max;
  };
  // the title tier: a range of places
  let titleLo = 0;
  let titleHi = 0;
  if (q.key) {
    [titleLo, titleHi] = q.prefixRange(q.key);
    for (let r = Math.max(titleLo, from(TIER_TITLE)); r < titleHi; r++) {
      const id = order[r] as number;
      if (matches(id) && take(id, TIER_TITLE)) return page();
    }
  }
  /** Lists a tier's members: `source` holds them (null: the ranges), `want` 1/0 for in/out of `starts`. */
  const tier = (t: number, source: Int32Array | null, count: number, want: number): boolean => {
    const start = from(t);
    if (count === 0 || start === Number.POSITIVE_INFINITY) return false;
    const belongs = (id: number, place: number) => (place < titleLo || place >= titleHi) && (starts === null || has(starts, id) === want);
    if (count <= SORT_MAX) {
      // the candidates' ids, then their places in the order in the same buffer, sorted natively (no comparator),
      // read back as ids
      let n = 0;
      if (source) for (const [lo, hi] of ranges) n = collectBitsInto(source, lo, hi, tierPlaces, n);
      else for (const [lo, hi] of ranges) for (let id = lo; id <= hi; id++) tierPlaces[n++] = id;
      for (let i = 0; i < n; i++) tierPlaces[i] = rank[tierPlaces[i] as number] as number;
      const places = tierPlaces.subarray(0, n).sort();
      for (let i = 0; i < n; i++) {
        const place = places[i] as number;
        if (place < start) continue;
        const id = order[place] as number;
        if (belongs(id, place) && (bits === null || has(bits, id) === 1) && take(id, t)) return true;
      }
      return false;
    }
    // the tight loop of dense tiers: the match bitset first (the most selective test), then the tier
    for (let r = start; r < order.length; r++) {
      const id = order[r] as number;
      if (bits !== null && (((bits[id >>> 5] as number) >>> (id & 31)) & 1) === 0) continue;
      if (belongs(id, r) && inRanges(id) && take(id, t)) return true;
    }
    return false;
  };
  if (starts === null) {
    tier(TIER_REST, bits, q.total, 1);
    return page();
  }
  let startCount = 0;
  for (const [lo, hi] of ranges) startCount += countBits(starts, lo, hi);
  if (tier(TIER_WORD_STARTS, starts, startCount, 1)) return page();
  tier(TIER_REST, bits, q.total, 0);
  return page();
}
