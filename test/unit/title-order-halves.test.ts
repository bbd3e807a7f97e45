import { describe, expect, test } from "bun:test";
import { KeyHalves, joinHalves, sortedIds } from "../../src/core/media/title-order-halves.ts";
import { titleOrderBlob, titleSortKey } from "../../src/core/media/title-order.ts";
import { nameGenerator, prng } from "../fixtures/rom-names.ts";

/** The title order sorted in two halves (one per thread) is the one sorted at once, whatever the keys' first letters. */
function halvesBlob(keys: string[], chunk: number, lean = false): Uint8Array {
  const halves = new KeyHalves();
  for (let i = 0; i < keys.length; i += chunk) halves.add(keys.slice(i, i + chunk));
  const [lower, upper] = halves.halves();
  expect(lower.keys.length + upper.keys.length).toBe(keys.length);
  return joinHalves(sortedIds(lower, lean), sortedIds(upper, lean));
}

describe("title order in halves", () => {
  test("the same blob as one sort: ties by id, empty and non-ASCII keys, ids past 65535", () => {
    const next = nameGenerator(7);
    const rand = prng(3);
    const odd = ["", "", "Élan", "éclair", "Ōkami", "zelda", "Zelda", "ゼルダ", "123", " space", "\u{1F600} smile", "z"];
    const keys = Array.from({ length: 70_000 }, (_, i) => titleSortKey(i % 97 === 0 ? (odd[i % odd.length] as string) : next().replace(/ \(.*$/, "")));
    for (let i = 0; i < 2000; i++) keys[Math.floor(rand() * keys.length)] = keys[Math.floor(rand() * keys.length)] as string;
    const want = titleOrderBlob(keys);
    expect(halvesBlob(keys, 8192)).toEqual(want);
    expect(halvesBlob(keys, 1)).toEqual(want); // a pivot from the first key alone
    expect(halvesBlob(keys, 8192, true)).toEqual(want); // the lean sort (no tagged copy of the keys)
    expect(halvesBlob(["", "", "a"], 2)).toEqual(titleOrderBlob(["", "", "a"]));
    expect(halvesBlob(["ö", "a", "ö"], 3)).toEqual(titleOrderBlob(["ö", "a", "ö"]));
    expect(halvesBlob([], 3)).toEqual(titleOrderBlob([]));
    expect(halvesBlob(["ö", "a", "ö", "", "a"], 2, true)).toEqual(titleOrderBlob(["ö", "a", "ö", "", "a"]));
  });
});
