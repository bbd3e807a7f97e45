/**
 * Posting lists of the media index: for each distinct name word, the ascending ids of the media whose name
 * holds it, stored delta + LEB128-varint encoded. Pure functions; the search combines them without visiting
 * other rows.
 */

/** Encodes ascending, distinct, positive ids. */
export function encodePostings(ids: ArrayLike<number>): Uint8Array {
  const out = new Uint8Array(ids.length * 5);
  let o = 0;
  let prev = 0;
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i] as number;
    let d = id - prev;
    prev = id;
    while (d >= 0x80) {
      out[o++] = (d & 0x7f) | 0x80;
      d >>>= 7;
    }
    out[o++] = d;
  }
  return out.slice(0, o);
}

/** Decodes `count` ids (the count is stored beside the blob). */
export function decodePostings(buf: Uint8Array, count: number): Int32Array {
  const out = new Int32Array(count);
  let p = 0;
  let prev = 0;
  for (let i = 0; i < count; i++) {
    let d = 0;
    let shift = 0;
    let b: number;
    do {
      b = buf[p++] as number;
      d |= (b & 0x7f) << shift;
      shift += 7;
    } while (b & 0x80);
    prev += d;
    out[i] = prev;
  }
  return out;
}

/** Union of ascending lists, ascending and without duplicates. */
export function unionSorted(lists: readonly Int32Array[]): Int32Array {
  if (lists.length === 0) return new Int32Array(0);
  if (lists.length === 1) return lists[0] as Int32Array;
  let total = 0;
  for (const l of lists) total += l.length;
  const all = new Int32Array(total);
  let o = 0;
  for (const l of lists) {
    all.set(l, o);
    o += l.length;
  }
  all.sort();
  let w = 0;
  for (let i = 0; i < all.length; i++) {
    if (i === 0 || all[i] !== all[i - 1]) all[w++] = all[i] as number;
  }
  return all.subarray(0, w);
}

/** First index ≥ `from` whose value is ≥ `target` (exponential then binary search). */
function gallop(a: Int32Array, from: number, target: number): number {
  if (from >= a.length || (a[from] as number) >= target) return from;
  let step = 1;
  let lo = from;
  let hi = from + 1;
  while (hi < a.length && (a[hi] as number) < target) {
    lo = hi;
    step <<= 1;
    hi = from + step;
  }
  if (hi > a.length) hi = a.length;
  while (lo + 1 < hi) {
    const mid = (lo + hi) >>> 1;
    if ((a[mid] as number) < target) lo = mid;
    else hi = mid;
  }
  return hi;
}

/** Number of ascending ids within the inclusive ranges, and the first `limit` of them. */
export function withinRanges(ids: Int32Array, ranges: ReadonlyArray<readonly [number, number]>, limit: number): { total: number; first: number[] } {
  let total = 0;
  const first: number[] = [];
  for (const [lo, hi] of [...ranges].sort((a, b) => a[0] - b[0])) {
    const a = gallop(ids, 0, lo);
    const b = gallop(ids, a, hi + 1);
    total += b - a;
    for (let i = a; i < b && first.length < limit; i++) first.push(ids[i] as number);
  }
  return { total, first };
}

/**
 * Sets `mark[id] = 1` for each id. With a mark array as long as the index (one byte per media), unions and
 * intersections of many long lists cost one pass over each list instead of a sort or a search per id.
 */
export function markIds(ids: Int32Array, mark: Uint8Array): void {
  for (let i = 0; i < ids.length; i++) mark[ids[i] as number] = 1;
}

/** The marked ids in ascending order (`mark` indexed by id). */
export function collectMarked(mark: Uint8Array, expected: number): Int32Array {
  const out = new Int32Array(expected);
  let w = 0;
  for (let id = 0; id < mark.length && w < expected; id++) if (mark[id]) out[w++] = id;
  return w === expected ? out : out.subarray(0, w);
}

/** The candidates (ascending) that are marked. */
export function keepMarked(candidates: Int32Array, mark: Uint8Array): Int32Array {
  const out = new Int32Array(candidates.length);
  let w = 0;
  for (let i = 0; i < candidates.length; i++) {
    const c = candidates[i] as number;
    if (mark[c]) out[w++] = c;
  }
  return out.subarray(0, w);
}
