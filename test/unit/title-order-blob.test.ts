import { describe, expect, test } from "bun:test";
import { readTitleOrder, titleOrderBlob, titleRanks } from "../../src/core/media/title-order.ts";

/** The order by definition: ids by title (code units), ties by id. */
function expected(titles: readonly string[]): number[] {
  return titles.map((_, i) => i + 1).sort((a, b) => {
    const x = titles[a - 1] as string;
    const y = titles[b - 1] as string;
    return x < y ? -1 : x > y ? 1 : a - b;
  });
}

describe("title order", () => {
  test("ids by title, a repeated title's ids ascending, and every id's rank", () => {
    const titles = ["zelda", "mario", "", "mario", "ärger", "a", "zelda", "mario kart", "\u{1f600} smile", "\uffef", "a"];
    const { order, rank } = readTitleOrder(titleOrderBlob(titles));
    expect([...order]).toEqual(expected(titles));
    for (let place = 0; place < order.length; place++) expect(rank[order[place] as number]).toBe(place);
  });

  test("many titles, most of them repeated", () => {
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff);
    const titles = Array.from({ length: 5000 }, () => `game ${next() % 700}`);
    expect([...readTitleOrder(titleOrderBlob(titles)).order]).toEqual(expected(titles));
    expect(readTitleOrder(titleOrderBlob([])).order.length).toBe(0);
  });

  test("stored ranks are read as they are; missing or of another length, they are worked out; an unaligned blob is copied", () => {
    const titles = ["zelda", "mario", "a", "mario", "b"];
    const blob = titleOrderBlob(titles);
    const worked = readTitleOrder(blob);
    const ranks = new Uint8Array(titleRanks(worked.order).buffer);
    const stored = readTitleOrder(blob, ranks);
    expect([...stored.rank]).toEqual([...worked.rank]);
    expect(stored.rank.buffer).toBe(ranks.buffer); // a view, no copy
    // ranks from another index (another number of media) are not trusted
    expect([...readTitleOrder(blob, new Uint8Array(8)).rank]).toEqual([...worked.rank]);
    const shifted = new Uint8Array(blob.byteLength + 1);
    shifted.set(blob, 1);
    const unaligned = readTitleOrder(shifted.subarray(1));
    expect([...unaligned.order]).toEqual([...worked.order]);
    expect([...unaligned.rank]).toEqual([...worked.rank]);
  });
});
