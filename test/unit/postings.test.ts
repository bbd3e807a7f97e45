import { describe, expect, test } from "bun:test";
import { andBits, bitsetWords, collectBitsInto, countBits, encodePostings, orBits, orPostings } from "../../src/core/media/postings.ts";
import { prng } from "../fixtures/rom-names.ts";

/** Posting lists of the media index, checked against plain Set arithmetic on random lists. */
const rnd = prng(5);
const N = 50_000;

/** The set ids lo..hi, ascending (through collectBitsInto, as the ranking reads a small tier). */
function idsIn(bits: Int32Array, lo: number, hi: number): number[] {
  const out = new Int32Array(countBits(bits, lo, hi));
  return Array.from(out.subarray(0, collectBitsInto(bits, lo, hi, out, 0)));
}

function randomList(density: number): number[] {
  const out: number[] = [];
  for (let id = 1; id <= N; id++) if (rnd() < density) out.push(id);
  return out;
}

describe("posting lists", () => {
  test("encoded lists read back (through orPostings, as the search reads them) as the same ascending ids, including gaps that need several varint bytes", () => {
    const decode = (ids: number[]) => {
      const bits = new Int32Array(bitsetWords(ids[ids.length - 1] as number));
      orPostings(encodePostings(ids), ids.length, bits);
      return idsIn(bits, 0, ids[ids.length - 1] as number);
    };
    const ids = [1, 2, 127, 128, 16_383, 16_384, 2_097_151, 2_097_152, 268_435_455];
    expect(decode(ids)).toEqual(ids);
    const big = randomList(0.3);
    expect(decode(big)).toEqual(big);
  });

  test("orPostings sets the ids of encoded lists in a bitset; orBits and andBits are union and intersection", () => {
    const a = randomList(0.3);
    const b = randomList(0.02);
    const c = [1, 31, 32, 33, 63, 64, N];
    const bitsOf = (...lists: number[][]) => {
      const bits = new Int32Array(bitsetWords(N));
      for (const l of lists) orPostings(encodePostings(l), l.length, bits);
      return bits;
    };
    const idsOf = (bits: Int32Array) => idsIn(bits, 0, N);
    const sorted = (s: Iterable<number>) => [...s].sort((x, y) => x - y);
    expect(idsOf(bitsOf(c))).toEqual(c);
    expect(idsOf(bitsOf(a, b, c))).toEqual(sorted(new Set([...a, ...b, ...c])));
    const union = bitsOf(a);
    orBits(union, bitsOf(b));
    expect(idsOf(union)).toEqual(sorted(new Set([...a, ...b])));
    const both = bitsOf(a, c);
    andBits(both, bitsOf(b, c));
    const inB = new Set([...b, ...c]);
    expect(idsOf(both)).toEqual(sorted(new Set([...a, ...c].filter((id) => inB.has(id)))));
  });

  test("countBits and collectBitsInto see only the ids inside a range, at word edges too", () => {
    const ids = [0, 1, 30, 31, 32, 33, 62, 63, 64, 95, 96, 200, 1000];
    const bits = new Int32Array(bitsetWords(1000));
    orPostings(encodePostings(ids.slice(1)), ids.length - 1, bits);
    bits[0] = (bits[0] as number) | 1; // id 0 (never a media id, but a bit like the others)
    const ranges: Array<[number, number]> = [
      [0, 1000], [0, 0], [31, 31], [31, 32], [32, 63], [33, 62], [1, 30], [64, 96], [65, 94], [97, 199], [96, 5000], [2000, 3000],
    ];
    for (const [lo, hi] of ranges) {
      const want = ids.filter((id) => id >= lo && id <= hi);
      expect([lo, hi, countBits(bits, lo, hi)]).toEqual([lo, hi, want.length]);
      expect([lo, hi, idsIn(bits, lo, hi)]).toEqual([lo, hi, want]);
    }
    // ranges written one after another into one buffer, each from where the last ended; nothing past the end
    const acrossRanges = new Int32Array(9).fill(-1);
    const end = collectBitsInto(bits, 95, 1000, acrossRanges, collectBitsInto(bits, 30, 33, acrossRanges, 0));
    expect([end, ...acrossRanges]).toEqual([8, 30, 31, 32, 33, 95, 96, 200, 1000, -1]);
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

  test("the media name of a path is mediaName of its file name", async () => {
    const { mediaName, mediaNameOfPath } = await import("../../src/core/media/words.ts");
    for (const path of ["SNES/Game (USA).sfc", "SNES/a.b/Game", "SNES/a.b/.hidden", "SNES/.x/Game.tar.gz", "NES/Game.", "Game.nes", ".nes", "A/B/"]) {
      expect([path, mediaNameOfPath(path)]).toEqual([path, mediaName(path.slice(path.lastIndexOf("/") + 1))]);
    }
  });
});

/** Each list of encoded postings by name, decoded. */
function decodedLists(e: { names: string; counts: Int32Array; ends: Int32Array; blob: Uint8Array }): Map<string, number[]> {
  const names = e.counts.length > 0 ? e.names.split("\0") : [];
  return new Map(
    names.map((name, i) => {
      const ids: number[] = [];
      let p = e.ends[i - 1] ?? 0;
      let prev = 0;
      while (p < (e.ends[i] as number)) {
        let d = 0;
        let shift = 0;
        let b: number;
        do {
          b = e.blob[p++] as number;
          d |= (b & 0x7f) << shift;
          shift += 7;
        } while (b & 0x80);
        prev += d;
        ids.push(prev);
      }
      expect(ids.length).toBe(e.counts[i] as number);
      return [name, ids];
    }),
  );
}

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
    const got = decodedLists(built.encoded());
    expect(got.size).toBe(want.size);
    expect(got).toEqual(want);
    expect(got.get("mario")?.length).toBeGreaterThan(100); // "Mario" and "mario" are one word
  });

  test("grows past its initial tables: many distinct words and pairs", async () => {
    const { WordPostings } = await import("../../src/core/media/word-postings.ts");
    const built = new WordPostings();
    for (let id = 1; id <= 40_000; id++) built.addFile(`Game w${id % 5000} common w${id % 5000} (USA).nes`, id);
    expect(built.size).toBe(5003); // w0…w4999, game, common, (usa)
    const lists = decodedLists(built.encoded());
    expect(lists.get("w42")).toEqual(Array.from({ length: 8 }, (_, k) => 42 + k * 5000));
    expect(lists.get("common")?.length).toBe(40_000);
  });

  test("files with no words, ids that skip or come back: each list in the order its ids were added", async () => {
    const { WordPostings } = await import("../../src/core/media/word-postings.ts");
    const built = new WordPostings();
    for (const [name, id] of [["a b.nes", 1], ["(x).nes", 2], ["b.nes", 70_000], ["a.nes", 3], ["c", 3], ["a c", 3, true]] as const) built.addFile(name, id, true);
    expect(decodedLists(built.encoded())).toEqual(new Map([["a", [1, 3]], ["b.nes", [1, 70_000]], ["(x).nes", [2]], ["a.nes", [3]], ["c", [3]]]));
  });
});

describe("word postings' lists", () => {
  test("grow from a few bytes to many, through gaps of every encoded length", async () => {
    const { WordPostings } = await import("../../src/core/media/word-postings.ts");
    const pick = prng(5);
    const built = new WordPostings();
    const ids: number[] = [];
    let id = 0;
    for (let i = 0; i < 20_000; i++) {
      // gaps of 1 to 5 bytes, the ids kept below 2^31
      id += i % 997 === 0 ? 1 + Math.floor(pick() * 2 ** 20) : 1 + Math.floor(pick() * 300);
      ids.push(id);
      built.addFile(`common ${i % 2 === 0 ? "even" : "odd"}.nes`, id);
    }
    built.addFile("common.nes", 2 ** 31 - 1);
    const lists = decodedLists(built.encoded());
    expect(lists.get("common")).toEqual([...ids, 2 ** 31 - 1]);
    expect(lists.get("even")).toEqual(ids.filter((_, i) => i % 2 === 0));
    expect(lists.get("odd")).toEqual(ids.filter((_, i) => i % 2 === 1));
  });
});

describe("in-memory word list", () => {
  test("finds every word holding a fragment, once each, as a filter would, marking those starting with it; refuses more text than allowed", async () => {
    const { WordList } = await import("../../src/core/media/word-list.ts");
    const pick = prng(17);
    const words = Array.from({ length: 3000 }, (_, i) => {
      let w = "";
      for (let n = 1 + Math.floor(pick() * 8); n > 0; n--) w += "abcé(1)ドx"[Math.floor(pick() * 10)];
      return { id: i + 1, word: `${w}${i % 7 === 0 ? "aa" : ""}`, count: 1 + (i % 5) };
    });
    const list = WordList.build(words, 1_000_000);
    if (!list) throw new Error("the list fits");
    for (const f of ["a", "aa", "é(", "1)", "ド", "x", "zz", "abcé", "(1)ドx"]) {
      expect([f, list.containing(f)]).toEqual([f, words.filter((w) => w.word.includes(f)).map(({ id, count, word }) => ({ id, count, start: word.startsWith(f) }))]);
    }
    expect(WordList.build(words, 100)).toBeUndefined();
    expect(WordList.build([], 10)?.containing("a")).toEqual([]);
  });
});
