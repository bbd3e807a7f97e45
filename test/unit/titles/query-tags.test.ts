import { describe, expect, test } from "bun:test";
import { extractCanonicalTagsFromParens, mergeTagFilters } from "../../../src/core/titles/query-tags.ts";
import type { TagFilter, TagOperator } from "../../../src/core/titles/types.ts";

const f = (type: string, value: string, operator: TagOperator = "AND"): TagFilter => ({ type, value, operator });

// Vectors of the reference's pkg/zapscript/titles/tags_test.go.
describe("mergeTagFilters", () => {
  test.each([
    ["both empty", [], [], []],
    ["only extracted", [f("region", "us"), f("lang", "en")], [], [f("region", "us"), f("lang", "en")]],
    ["only explicit", [], [f("region", "jp"), f("year", "1994")], [f("region", "jp"), f("year", "1994")]],
    [
      "no overlap: explicit first",
      [f("region", "us"), f("lang", "en")],
      [f("year", "1994"), f("genre", "rpg")],
      [f("year", "1994"), f("genre", "rpg"), f("region", "us"), f("lang", "en")],
    ],
    ["explicit type wins", [f("region", "us"), f("lang", "en")], [f("region", "jp")], [f("region", "jp"), f("lang", "en")]],
    [
      "several conflicts",
      [f("region", "us"), f("lang", "en"), f("year", "1990")],
      [f("region", "jp"), f("lang", "ja")],
      [f("region", "jp"), f("lang", "ja"), f("year", "1990")],
    ],
    [
      "operators kept",
      [f("region", "us"), f("unfinished", "beta", "NOT")],
      [f("lang", "en", "OR")],
      [f("lang", "en", "OR"), f("region", "us"), f("unfinished", "beta", "NOT")],
    ],
    ["explicit operator wins with its type", [f("region", "us")], [f("region", "jp", "OR")], [f("region", "jp", "OR")]],
  ] as const)("%p", (_name, extracted, explicit, want) => {
    expect(mergeTagFilters(extracted, explicit)).toEqual([...want]);
  });
});

describe("extractCanonicalTagsFromParens", () => {
  test.each([
    ["Game (tag_type:value)", "Game", 1],
    ["Game (tag-type:value)", "Game", 1],
    ["Game (tag2:value)", "Game", 1],
    ["Game (region:north america)", "Game", 1],
    ["Game (name:foo-bar_baz)", "Game", 1],
    ["Game (region:us)(lang:en)(year:1994)", "Game", 3],
    ["Game (region:us) (lang:en)", "Game", 2],
    ["Game (invalidtag)", "Game (invalidtag)", 0],
    ["Game (1invalid:value)", "Game (1invalid:value)", 0],
    ["Game (:value)", "Game (:value)", 0],
    ["Game (type:)", "Game (type:)", 0],
    ["Game (region:us) (invalid) (lang:en)", "Game (invalid)", 2],
    ["(region:us) Game Name", "Game Name", 1],
    ["Game Name (region:us)", "Game Name", 1],
    ["Game   (region:us)   Name   (lang:en)", "Game Name", 2],
  ] as const)("%p → %p", (input, remaining, count) => {
    const got = extractCanonicalTagsFromParens(input);
    expect(got.remaining).toBe(remaining);
    expect(got.filters).toHaveLength(count);
  });

  test.each([
    ["Game (region:us, region:eu)", "Game", [f("region", "us"), f("region", "eu")]],
    ["Game (region:us,region:eu)", "Game", [f("region", "us"), f("region", "eu")]],
    ["Game (region:us ,  region:eu)", "Game", [f("region", "us"), f("region", "eu")]],
    ["Game (region:us, rev:a)", "Game", [f("region", "us"), f("rev", "a")]],
    ["Game (En,Fr,De)", "Game (En,Fr,De)", []],
    ["Game (Disc 1)", "Game (Disc 1)", []],
  ] as const)("comma shorthand %p", (input, remaining, want) => {
    const got = extractCanonicalTagsFromParens(input);
    expect(got.remaining).toBe(remaining);
    expect(got.filters).toEqual([...want]);
  });

  test.each([
    ["Game (+region:us)", "AND"],
    ["Game (-unfinished:beta)", "NOT"],
    ["Game (~lang:en)", "OR"],
    ["Game (region:us)", "AND"],
  ] as const)("operator of %p is %p", (input, op) => {
    const got = extractCanonicalTagsFromParens(input);
    expect(got.filters).toHaveLength(1);
    expect(got.filters[0]?.operator).toBe(op);
  });
});
