import { describe, expect, test } from "bun:test";
import { collectMarked, decodePostings, encodePostings, keepMarked, markIds, unionSorted, withinRanges } from "../../src/core/media/postings.ts";
import { prng } from "../fixtures/rom-names.ts";

/** Posting lists of the media index, checked against plain Set arithmetic on random lists. */
const rnd = prng(5);
const N = 50_000;

function randomList(density: number): number[] {
  const out: number[] = [];
  for (let id = 1; id <= N; id++) if (rnd() < density) out.push(id);
  return out;
}

describe("posting lists", () => {
  test("encode/decode round-trips ascending ids, including gaps that need several varint bytes", () => {
    const ids = [1, 2, 127, 128, 16_383, 16_384, 2_097_151, 2_097_152, 268_435_455];
    expect([...decodePostings(encodePostings(ids), ids.length)]).toEqual(ids);
    const big = randomList(0.3);
    expect([...decodePostings(encodePostings(big), big.length)]).toEqual(big);
  });

  test("union by merge and union by marks both give the sorted distinct ids of every list", () => {
    const lists = [randomList(0.01), randomList(0.2), randomList(0.05), [1, N]];
    const want = [...new Set(lists.flat())].sort((a, b) => a - b);
    expect([...unionSorted(lists.map((l) => Int32Array.from(l)))]).toEqual(want);
    const mark = new Uint8Array(N + 1);
    for (const l of lists) markIds(decodePostings(encodePostings(l), l.length), mark);
    expect([...collectMarked(mark, lists.reduce((n, l) => n + l.length, 0))]).toEqual(want);
  });

  test("keepMarked intersects candidates with the union of a word's lists", () => {
    const candidates = Int32Array.from(randomList(0.3));
    const lists = [randomList(0.02), randomList(0.1)];
    const inLists = new Set(lists.flat());
    const mark = new Uint8Array(N + 1);
    for (const l of lists) markIds(decodePostings(encodePostings(l), l.length), mark);
    expect([...keepMarked(candidates, mark)]).toEqual([...candidates].filter((c) => inLists.has(c)));
    expect([...keepMarked(new Int32Array(0), mark)]).toEqual([]);
  });

  test("withinRanges counts ids inside the systems' id ranges and returns the first ones", () => {
    const ids = Int32Array.from([2, 5, 9, 10, 15, 21, 30]);
    expect(withinRanges(ids, [[20, 40], [1, 9]], 3)).toEqual({ total: 5, first: [2, 5, 9] });
    expect(withinRanges(ids, [[11, 14]], 10)).toEqual({ total: 0, first: [] });
  });
});

describe("name words", () => {
  test("lowercased, split on any white space, each word once", async () => {
    const { nameWords, queryWords } = await import("../../src/core/media/words.ts");
    expect(nameWords("Super Mario  World (USA)")).toEqual(["super", "mario", "world", "(usa)"]);
    expect(nameWords("Tab\tSep\u00a0NBSP\u3000Wide  tab")).toEqual(["tab", "sep", "nbsp", "wide"]);
    expect(nameWords("  ")).toEqual([]);
    expect(queryWords("a bbb cc")).toEqual(["bbb", "cc", "a"]);
  });
});
