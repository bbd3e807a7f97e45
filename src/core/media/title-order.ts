/**
 * The title order of an index: media ids sorted by title key (`titleSortKey`, ties by id), stored as one blob of int32.
 * Search results are ranked and listed in it; exact and prefix title matches are ranges of it, found by binary
 * search. Pure: the titles come from the caller.
 */

/**
 * A title as the order sorts and the search compares it (one definition for both): JavaScript's full Unicode
 * lowercasing of the whole title ("Élan" → "élan"; SQLite's lower() only knows ASCII, so readers lowercase here
 * too, never in SQL).
 */
export function titleSortKey(title: string): string {
  return title.toLowerCase();
}

/**
 * The keys of titles joined by NUL, joined the same way: `titleSortKey` of each, made in one pass over the whole
 * text. NUL is neither cased nor case-ignorable, so the only context-dependent lowering (Σ at a word's end) reads
 * each title alone; a text holding Σ is lowered title by title all the same.
 */
export function joinedTitleSortKeys(joined: string): string {
  return joined.includes("\u03a3") ? joined.split("\0").map(titleSortKey).join("\0") : titleSortKey(joined);
}

/** The blob of media ids (1-based, `titles[id - 1]` a `titleSortKey`) in title order. */
export function titleOrderBlob(titles: readonly string[]): Uint8Array {
  return new Uint8Array(idsByKey(titles, Int32Array.from(titles, (_, i) => i + 1)).buffer);
}

/**
 * `ids` (ascending; `keys[i]` the key of `ids[i]`) in title order, ties by id. The keys are sorted natively (no
 * comparator: the fast path) in a copy made distinct in place, each key's place found by binary search among
 * them, then the ids placed by a counting sort. No Set, Map or tagged copy of the keys: at 250k those doubled
 * the heap the titles take, the peak of an index run.
 */
export function idsByKey(keys: readonly string[], ids: Int32Array): Int32Array {
  const distinct = keys.slice().sort();
  let size = 0;
  for (let i = 0; i < distinct.length; i++) if (size === 0 || distinct[i] !== distinct[size - 1]) distinct[size++] = distinct[i] as string;
  distinct.length = size;
  const of = new Int32Array(keys.length);
  const starts = new Int32Array(size + 1);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    let p = 0;
    for (let hi = size; p < hi; ) {
      const mid = (p + hi) >>> 1;
      if ((distinct[mid] as string) < key) p = mid + 1;
      else hi = mid;
    }
    of[i] = p;
    (starts[p + 1] as number)++;
  }
  for (let p = 0; p < size; p++) (starts[p + 1] as number) += starts[p] as number;
  const out = new Int32Array(keys.length);
  for (let i = 0; i < keys.length; i++) out[(starts[of[i] as number] as number)++] = ids[i] as number;
  return out;
}

/** A blob's 32-bit integers: a view of its own bytes when they are aligned (as a driver's fresh buffer is), else a copy. */
function int32sOf(blob: Uint8Array): Int32Array {
  const aligned = blob.byteOffset % 4 === 0 ? blob : new Uint8Array(blob);
  return new Int32Array(aligned.buffer, aligned.byteOffset, aligned.byteLength >>> 2);
}

/** Each id's place in `order` (`rank[id]`; 0 for id 0), as the ranks blob beside the order stores it. */
export function titleRanks(order: Int32Array): Int32Array {
  const rank = new Int32Array(order.length + 1);
  for (let r = 0; r < order.length; r++) rank[order[r] as number] = r;
  return rank;
}

/**
 * The ids of an order blob, and each id's place in the order (`rank[id]`; 0 for id 0): from the ranks blob the
 * index stores beside it, else (an index written before it had one) worked out here: reading them saves the first
 * search a pass over every media id. The views may share the blobs' memory: the blobs must be the caller's own.
 */
export function readTitleOrder(blob: Uint8Array, ranks: Uint8Array | null = null): { order: Int32Array; rank: Int32Array } {
  const order = int32sOf(blob);
  const rank = ranks && ranks.byteLength === (order.length + 1) * 4 ? int32sOf(ranks) : titleRanks(order);
  return { order, rank };
}

/** The first place in lo..hi (hi excluded) whose title is ≥ `key` (hi when none); `titleAt(place)` gives it. */
export function lowerBound(lo: number, hi: number, key: string, titleAt: (place: number) => string): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (titleAt(mid) < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Every `step`-th place of the order (0, step, 2·step …), the titles there kept to narrow a binary search. */
export const SAMPLE_STEP = 64;

/**
 * The first place whose title is ≥ `key`, with `samples[i]` the title at place i·SAMPLE_STEP: a search among
 * the samples, then among at most SAMPLE_STEP places through `titleAt`.
 */
export function sampledLowerBound(size: number, samples: readonly string[], key: string, titleAt: (place: number) => string): number {
  const s = lowerBound(0, samples.length, key, (i) => samples[i] as string);
  if (s === 0) return 0;
  // samples[s - 1] < key ≤ samples[s]: the place is after (s - 1)·step and at most s·step
  return lowerBound((s - 1) * SAMPLE_STEP + 1, Math.min(size, s * SAMPLE_STEP), key, titleAt);
}

/**
 * The places whose title starts with `key` (exact titles first: they sort before their extensions), as a range
 * lo..hi (hi excluded), through `sampledLowerBound`. When the first title ≥ key does not start with it (most
 * queries), no title does and the range is empty: that title is past `${key}\uffff` too, so the second search
 * is not needed.
 */
export function sampledPrefixRange(size: number, samples: readonly string[], key: string, titleAt: (place: number) => string): [number, number] {
  const lo = sampledLowerBound(size, samples, key, titleAt);
  if (lo >= size || !titleAt(lo).startsWith(key)) return [lo, lo];
  return [lo, sampledLowerBound(size, samples, `${key}\uffff`, titleAt)];
}

/** A query as titles are compared: lowercased, white space runs as one space, trimmed. */
export function titleKey(text: string): string {
  return titleSortKey(text.replace(/\s+/g, " ").trim());
}
