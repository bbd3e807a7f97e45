/**
 * Posting lists of the media index: for each distinct name word, the ascending ids of the media whose name
 * holds it, stored delta + LEB128-varint encoded. Pure functions; the search combines them without visiting
 * other rows.
 */

/** Lists of encoded postings: `names` joined by NUL; list i is `blob[ends[i - 1] ?? 0 .. ends[i]]` of `counts[i]` ids. */
export interface EncodedLists {
  names: string;
  counts: Int32Array;
  ends: Int32Array;
  blob: Uint8Array;
}

/** Encodes ascending, distinct, positive ids. */
export function encodePostings(ids: ArrayLike<number>): Uint8Array {
  const out = new Uint8Array(ids.length * 5);
  return out.slice(0, encodePostingsInto(ids, out, 0));
}

/**
 * Id sets as bitsets: bit `id & 31` of `bits[id >>> 5]`. With one bit per media, unions and intersections of
 * long lists cost a pass over N/32 integers, and a common word's set is smaller than its list of ids.
 */
export function bitsetWords(maxId: number): number {
  return (maxId >>> 5) + 1;
}

/** Sets the bits of the `count` ids of an encoded list (the count is stored beside the blob), without decoding it into an array. */
export function orPostings(buf: Uint8Array, count: number, bits: Int32Array): void {
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
    (bits[prev >>> 5] as number) |= 1 << (prev & 31);
  }
}

export function orBits(dst: Int32Array, src: Int32Array): void {
  for (let i = 0; i < dst.length; i++) (dst[i] as number) |= src[i] as number;
}

export function andBits(dst: Int32Array, src: Int32Array): void {
  for (let i = 0; i < dst.length; i++) (dst[i] as number) &= src[i] as number;
}

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/** The bits of word `w` that stand for ids lo..hi (inclusive). */
function rangeMask(w: number, lo: number, hi: number): number {
  let m = -1;
  if (w === lo >>> 5) m &= -1 << (lo & 31);
  if (w === hi >>> 5) m &= -1 >>> (31 - (hi & 31));
  return m;
}

/** How many ids lo..hi (inclusive) are set. */
export function countBits(bits: Int32Array, lo: number, hi: number): number {
  const a = lo >>> 5;
  const b = Math.min(hi >>> 5, bits.length - 1);
  let n = 0;
  for (let w = a; w <= b; w++) {
    const v = bits[w] as number;
    if (v !== 0) n += popcount(w === a || w === b ? v & rangeMask(w, lo, hi) : v);
  }
  return n;
}

/** Writes the set ids lo..hi (ascending) into `out` from `at`, which must have room for them all; returns the end. */
export function collectBitsInto(bits: Int32Array, lo: number, hi: number, out: Int32Array, at: number): number {
  const a = lo >>> 5;
  const b = Math.min(hi >>> 5, bits.length - 1);
  let n = at;
  for (let w = a; w <= b; w++) {
    let v = bits[w] as number;
    if (v === 0) continue;
    if (w === a || w === b) v &= rangeMask(w, lo, hi);
    while (v !== 0) {
      const low = v & -v;
      out[n++] = (w << 5) + 31 - Math.clz32(low);
      v ^= low;
    }
  }
  return n;
}

/** Encodes ascending, distinct, positive ids into `out` from `at` (room for 5 bytes an id); returns the end. */
export function encodePostingsInto(ids: ArrayLike<number>, out: Uint8Array, at: number): number {
  let o = at;
  let prev = 0;
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i] as number;
    o = writeDelta(id - prev, out, o);
    prev = id;
  }
  return o;
}

/** Bytes `encodePostingsInto` writes for `ids`: to allocate the output at its exact size. */
export function encodedLength(ids: ArrayLike<number>): number {
  let n = 0;
  let prev = 0;
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i] as number;
    n += deltaLength(id - prev);
    prev = id;
  }
  return n;
}

/** Writes one gap of a list (LEB128) into `out` at `o`; returns the end. */
export function writeDelta(d: number, out: Uint8Array, o: number): number {
  while (d >= 0x80) {
    out[o++] = (d & 0x7f) | 0x80;
    d >>>= 7;
  }
  out[o++] = d;
  return o;
}

/** Bytes `writeDelta` writes for `d`. */
export function deltaLength(d: number): number {
  let n = 1;
  while (d >= 0x80) {
    d >>>= 7;
    n++;
  }
  return n;
}
