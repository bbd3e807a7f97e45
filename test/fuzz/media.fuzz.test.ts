/**
 * The media index's pure formats: posting lists (delta + varint) read back into bitsets as written, garbage
 * never sets more ids than it claims; word splitting matches its definition and stays linear.
 */
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { bitsetWords, collectBitsInto, countBits, encodePostings, orPostings } from "../../src/core/media/postings.ts";
import { ftsLiteral, mediaName, mediaNameOfPath, nameWords, queryWords } from "../../src/core/media/words.ts";
import { anyBytes, anyText } from "./arbitraries.ts";
import { fuzz, fuzzTimeout } from "./runs.ts";

const MAX_ID = 1 << 16;
const idsArb = fc
  .uniqueArray(fc.oneof(fc.integer({ min: 1, max: 300 }), fc.integer({ min: 1, max: MAX_ID })), { maxLength: 200 })
  .map((ids) => ids.sort((a, b) => a - b));

function popcountAll(bits: Int32Array): number {
  let n = 0;
  for (const w of bits) for (let v = w; v !== 0; v &= v - 1) n++;
  return n;
}

describe("fuzz: media index formats", () => {
  test("postings: encode → orPostings → collectBitsInto/countBits gives back the ids; 1 to 5 bytes per id", () => {
    fuzz(
      fc.property(idsArb, fc.nat(MAX_ID), fc.nat(MAX_ID), fc.nat(8), (ids, a, b, at) => {
        const buf = encodePostings(ids);
        expect(buf.length).toBeGreaterThanOrEqual(ids.length);
        expect(buf.length).toBeLessThanOrEqual(5 * ids.length);
        const bits = new Int32Array(bitsetWords(MAX_ID));
        orPostings(buf, ids.length, bits);
        const all = new Int32Array(ids.length + 1).fill(-1);
        expect(collectBitsInto(bits, 0, MAX_ID, all, 0)).toBe(ids.length);
        expect(Array.from(all)).toEqual([...ids, -1]);
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        const inRange = ids.filter((id) => id >= lo && id <= hi);
        expect(countBits(bits, lo, hi)).toBe(inRange.length);
        // written from `at` on, nothing before it touched
        const some = new Int32Array(at + inRange.length).fill(-1);
        expect(collectBitsInto(bits, lo, hi, some, at)).toBe(at + inRange.length);
        expect(Array.from(some)).toEqual([...new Array(at).fill(-1), ...inRange]);
      }),
    );
  }, fuzzTimeout());

  test("postings.orPostings: any bytes and count never throw and set at most `count` ids", () => {
    fuzz(
      fc.property(anyBytes(64), fc.nat(80), (buf, count) => {
        const bits = new Int32Array(bitsetWords(4096));
        orPostings(buf, count, bits);
        expect(popcountAll(bits)).toBeLessThanOrEqual(count);
      }),
    );
  }, fuzzTimeout());

  test("words: nameWords/queryWords are the distinct lowercased white-space words; names and FTS literals", () => {
    const wordy = fc.oneof(anyText(80), fc.array(fc.constantFrom("Mario", "mario", "WORLD", " ", "  ", "\t", "\u00a0", "\u2028", "ß", "İ", "Ω"), { maxLength: 20 }).map((p) => p.join("")));
    fuzz(
      fc.property(wordy, (text) => {
        const expected = [...new Set(text.toLowerCase().split(/\s+/).filter((w) => w !== ""))];
        expect(nameWords(text)).toEqual(expected);
        const q = queryWords(text);
        expect([...q].sort()).toEqual([...expected].sort());
        for (let i = 1; i < q.length; i++) expect(q[i - 1]!.length).toBeGreaterThanOrEqual(q[i]!.length);
        expect(ftsLiteral(text).slice(1, -1).replaceAll('""', '"')).toBe(text);
        expect(mediaNameOfPath(text)).toBe(mediaName(text.slice(text.lastIndexOf("/") + 1)));
      }),
    );
  }, fuzzTimeout());

  test("regression: a query of many distinct words is split in linear time", () => {
    // Each word was checked against every earlier one: 80 000 words took 50 s (media.search has no length limit).
    const query = Array.from({ length: 200_000 }, (_, i) => `w${i}`).join(" ");
    const started = performance.now();
    expect(queryWords(query)).toHaveLength(200_000);
    expect(performance.now() - started).toBeLessThan(5_000);
  }, 30_000);
});
