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

/** The blob of media ids (1-based, `keys[id - 1]` a `titleSortKey`) in title order. */
export function titleOrderBlob(keys: readonly string[]): Uint8Array {
  // one native sort (no comparator: the fast path) of the keys each followed by NUL and its id in two UTF-16 code
  // units: NUL sorts before any character a title holds, so the title decides first and the id breaks ties
  const n = keys.length;
  const tagged = new Array<string>(n);
  for (let i = 0; i < n; i++) {
    const id = i + 1;
    tagged[i] = `${keys[i]}\0${String.fromCharCode(id >>> 16, id & 0xffff)}`;
  }
  tagged.sort();
  const ids = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const k = tagged[i] as string;
    ids[i] = (k.charCodeAt(k.length - 2) << 16) | k.charCodeAt(k.length - 1);
  }
  return new Uint8Array(ids.buffer);
}

/** The ids of a blob, and each id's place in the order (`rank[id]`; 0 for id 0). */
export function readTitleOrder(blob: Uint8Array): { order: Int32Array; rank: Int32Array } {
  const copy = new Uint8Array(blob); // aligned, owned
  const order = new Int32Array(copy.buffer, 0, copy.byteLength >>> 2);
  const rank = new Int32Array(order.length + 1);
  for (let r = 0; r < order.length; r++) rank[order[r] as number] = r;
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

/** A query as titles are compared: lowercased, white space runs as one space, trimmed. */
export function titleKey(text: string): string {
  return titleSortKey(text.replace(/\s+/g, " ").trim());
}
