import { describe, expect, test } from "bun:test";
import vectors from "./edlib-vectors.json";
import {
  damerauLevenshteinDistance,
  jaroSimilarity,
  jaroWinklerSimilarity,
} from "../../../src/core/titles/edit-distance.ts";
import { goSortSlice } from "../../../src/core/titles/go-sort.ts";
import { applyDamerauLevenshteinTieBreaker, findFuzzyMatches } from "../../../src/core/titles/matcher.ts";

const f32bits = (x: number): number => {
  const view = new DataView(new ArrayBuffer(4));
  view.setFloat32(0, x);
  return view.getUint32(0);
};

describe("go-edlib metrics and Go's sort (known answers)", () => {
  test(`${vectors.pairs.length} string pairs: Jaro, Jaro-Winkler bit-identical in float32, Damerau-Levenshtein`, () => {
    const wrong = vectors.pairs.filter(
      (p) =>
        f32bits(jaroSimilarity(p.a, p.b)) !== p.jaro ||
        f32bits(jaroWinklerSimilarity(p.a, p.b)) !== p.jw ||
        damerauLevenshteinDistance(p.a, p.b) !== p.dl,
    );
    expect(wrong).toEqual([]);
  });

  test(`${vectors.sorts.length} sort.Slice orders of ties`, () => {
    for (const s of vectors.sorts) {
      const idx = s.keys.map((_, i) => i);
      goSortSlice(idx, (a, b) => (s.keys[a] ?? 0) > (s.keys[b] ?? 0));
      expect(idx).toEqual(s.order);
    }
  });
});

const slugsOf = (query: string, candidates: string[], maxDistance: number, minSimilarity: number): string[] =>
  findFuzzyMatches(query, candidates, maxDistance, minSimilarity).map((m) => m.slug);

// The reference's matcher tests (pkg/database/matcher/fuzzy_test.go).
describe("findFuzzyMatches", () => {
  test.each([
    ["mario", ["mari", "marios", "marioxyz"], 2, 0.7, ["marios", "mari"]],
    ["zelda", ["zelda", "zelad", "zeldas"], 0, 0.7, ["zelad"]],
    ["sonic", ["son", "sonics", "sonicmania"], 5, 0.7, ["sonics", "son", "sonicmania"]],
    ["mario", ["mario", "marios", "maria"], 2, 0.7, ["marios", "maria"]],
    ["sonic", ["sonics", "sonica"], 2, 0.7, ["sonics", "sonica"]],
    ["zelda", ["zelda"], 2, 0.7, []],
  ] as const)("%p in %p (max %p, min %p)", (query, candidates, max, min, want) => {
    expect(slugsOf(query, [...candidates], max, min)).toEqual([...want]);
  });

  test.each([
    ["mario", ["maria"], 0.95, false],
    ["mario", ["maria"], 0.7, true],
    ["zelda", ["zelad"], 0.85, true],
  ] as const)("threshold: %p ~ %p at %p", (query, candidates, min, matches) => {
    const got = findFuzzyMatches(query, [...candidates], 2, min);
    expect(got.length > 0).toBe(matches);
    for (const m of got) expect(m.similarity).toBeGreaterThanOrEqual(Math.fround(min));
  });

  test.each([
    ["mario", [], 2, 0.85, true],
    ["", ["mario", "sonic"], 2, 0.85, true],
    ["a", ["a", "b", "ab"], 2, 0.85, true],
    ["supercalifragilisticexpialidocious", ["supercalifragilisticexpialidocious", "supercalifragilistic"], 20, 0.85, false],
    ["abc", ["abcdefghij"], 2, 0.7, true],
    ["mario", ["zelda", "sonic", "crash"], 5, 0.85, true],
  ] as const)("edge case %p in %p → empty %p", (query, candidates, max, min, empty) => {
    expect(findFuzzyMatches(query, [...candidates], max, min).length === 0).toBe(empty);
  });

  test.each([
    ["zelad", ["zelda"], "zelda"],
    ["mraio", ["mario", "mariano"], "mario"],
    ["zeldaa", ["zelda", "zeldas"], "zelda"],
    ["supermrio", ["supermario", "supermariobros"], "supermario"],
    ["sonic", ["sonics", "xsonic"], "sonics"],
  ] as const)("production: %p finds %p first", (query, candidates, first) => {
    expect(slugsOf(query, [...candidates], 2, 0.85)[0]).toBe(first);
  });

  test.each([
    ["ドラゴンクエスト", ["ドラゴンクエスト"], false],
    ["ドラゴンクエスト7", ["ドラゴンクエスト8"], true],
    ["mario1マリオ", ["mario2マリオ"], true],
    ["超级马里奥", ["超级马力奥"], true],
    ["ドラゴン", ["ドラゴンクエスト"], false],
  ] as const)("CJK: %p ~ %p matches %p", (query, candidates, want) => {
    expect(findFuzzyMatches(query, [...candidates], 2, 0.85).length > 0).toBe(want);
  });

  test("results are sorted by similarity, best first", () => {
    const got = findFuzzyMatches("mario", ["mario1", "mario2", "mario3", "marioa", "mariob", "marioc"], 2, 0.85);
    expect(got).toHaveLength(6);
    for (let i = 1; i < got.length; i++) expect(got[i - 1]?.similarity).toBeGreaterThanOrEqual(got[i]?.similarity ?? 0);
  });
});

describe("applyDamerauLevenshteinTieBreaker", () => {
  test("re-ranks the top candidates by edit distance", () => {
    const ranked = applyDamerauLevenshteinTieBreaker(
      "crono",
      [
        { slug: "cronos", similarity: 0.95 },
        { slug: "chrono", similarity: 0.9 },
        { slug: "crono2", similarity: 0.9 },
      ],
      5,
    );
    expect(ranked.map((m) => m.slug)).toEqual(["cronos", "chrono", "crono2"]);
  });

  test("keeps only the top N and passes one or none through", () => {
    const many = Array.from({ length: 8 }, (_, i) => ({ slug: `mario${i}`, similarity: 0.9 }));
    expect(applyDamerauLevenshteinTieBreaker("mario", many, 5)).toHaveLength(5);
    expect(applyDamerauLevenshteinTieBreaker("mario", [], 5)).toEqual([]);
    expect(applyDamerauLevenshteinTieBreaker("mario", [{ slug: "x", similarity: 1 }], 5)).toHaveLength(1);
  });
});
