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

describe("word postings while indexing", () => {
  test("the same words and media as nameWords(mediaName(file)), for random unicode names", async () => {
    const { WordPostings } = await import("../../src/core/media/word-postings.ts");
    const { mediaName, nameWords } = await import("../../src/core/media/words.ts");
    // letters that lowercase by context (Σ) or to two units (İ), every kind of white space, things that are not
    const parts = ["A", "b", "Σ", "ς", "İ", "É", "ß", "ドラ", "(USA)", ".", ".SFC", " ", "  ", "\t", "\n", "\u00a0", "\u1680", "\u2003", "\u2028", "\u202f", "\u3000", "\ufeff", "\u200b", "\u180e", "Mario", "mario"];
    const pick = prng(9);
    const files: string[] = [];
    for (let i = 0; i < 5000; i++) {
      let f = "";
      const n = Math.floor(pick() * 9);
      for (let j = 0; j < n; j++) f += parts[Math.floor(pick() * parts.length)];
      files.push(f);
    }
    const want = new Map<string, number[]>();
    const built = new WordPostings();
    files.forEach((f, i) => {
      for (const w of nameWords(mediaName(f))) want.set(w, [...(want.get(w) ?? []), i + 1]);
      built.addFile(f, i + 1);
    });
    const got = new Map([...built.lists()].map(([w, ids]) => [w, [...ids]]));
    expect(got.size).toBe(want.size);
    expect(got).toEqual(want);
    expect(got.get("mario")?.length).toBeGreaterThan(100); // "Mario" and "mario" are one word
  });

  test("grows past its initial tables: many distinct words and pairs", async () => {
    const { WordPostings } = await import("../../src/core/media/word-postings.ts");
    const built = new WordPostings();
    for (let id = 1; id <= 40_000; id++) built.addFile(`Game w${id % 5000} common w${id % 5000} (USA).nes`, id);
    expect(built.size).toBe(5003); // w0…w4999, game, common, (usa)
    const lists = new Map(built.lists());
    expect([...(lists.get("w42") ?? [])]).toEqual(Array.from({ length: 8 }, (_, k) => 42 + k * 5000));
    expect(lists.get("common")?.length).toBe(40_000);
  });
});
