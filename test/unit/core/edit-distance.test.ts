import { describe, expect, test } from "bun:test";
import { editDistance, trigrams, typoAllowance, typoTrigrams } from "../../../src/core/media/edit-distance.ts";

describe("edit distance", () => {
  test("counts the typos people make", () => {
    expect(editDistance("sonic", "sonic")).toBe(0);
    expect(editDistance("sonci", "sonic")).toBe(1); // two letters swapped
    expect(editDistance("soinc", "sonic")).toBe(1);
    expect(editDistance("sinoc", "sonic")).toBe(2);
    expect(editDistance("zelad", "zelda")).toBe(1);
    expect(editDistance("mario", "maro")).toBe(1); // one missing
    expect(editDistance("metroidd", "metroid")).toBe(1); // one extra
    expect(editDistance("castlevanai", "castlevania")).toBe(1);
    expect(editDistance("kitten", "sitting")).toBe(3);
    expect(editDistance("", "abc")).toBe(3);
  });

  test("stops early past the limit, answering limit + 1", () => {
    expect(editDistance("abcdefgh", "zyxwvuts", 2)).toBe(3);
    expect(editDistance("a", "abcdef", 2)).toBe(3);
    expect(editDistance("sonci", "sonic", 1)).toBe(1);
  });

  test("allowance grows with the word; trigrams are each piece once", () => {
    expect([3, 4, 5, 8, 9, 20].map(typoAllowance)).toEqual([1, 1, 2, 2, 3, 3]);
    expect(trigrams("sonic")).toEqual(["son", "oni", "nic"]);
    expect(trigrams("aaaa")).toEqual(["aaa"]);
    expect(trigrams("ab")).toEqual([]);
    // a swap of two neighbours breaks every piece of a short word; the swapped spellings' pieces find it again
    expect(trigrams("wrold").some((t) => trigrams("world").includes(t))).toBe(false);
    expect(typoTrigrams("wrold")).toContain("wor");
  });
});
