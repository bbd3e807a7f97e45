/**
 * Same-title groups of a results page are found by comparing neighbouring titles (service/media/media-items.ts):
 * `sameTitleKey` must say what comparing their `titleSortKey`s says, for any two titles, while lowercasing
 * neither in most cases.
 */
import { describe, expect, test } from "bun:test";
import { titleSortKey } from "../../../src/core/media/title-order.ts";
import { sameTitleKey } from "../../../src/service/media/media-items.ts";
import { nameGenerator, prng } from "../../fixtures/rom-names.ts";

/** Characters whose lowercasing is not ASCII's: longer (İ), folding onto ASCII (K Kelvin sign), by context (Σ), or none (ß, ẞ). */
const SPECIAL = ["É", "é", "İ", "i̇", "\u212a", "k", "K", "Σ", "σ", "ς", "ß", "ẞ", "ǅ", "Ǆ", "ǆ", " ", "-", "1"];

describe("sameTitleKey", () => {
  test("agrees with comparing titleSortKey for titles that differ in case, length, ASCII or not", () => {
    const next = nameGenerator(9);
    const rnd = prng(17);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)] as T;
    const flipCase = (s: string) => [...s].map((c) => (rnd() < 0.5 ? c.toUpperCase() : c.toLowerCase())).join("");
    const insert = (s: string) => {
      const at = Math.floor(rnd() * (s.length + 1));
      return `${s.slice(0, at)}${pick(SPECIAL)}${s.slice(at)}`;
    };
    let same = 0;
    let pairs = 0;
    for (let i = 0; i < 20_000; i++) {
      const a = next().replace(/ \(.*$/, "");
      const variants = [a, flipCase(a), `${a} II`, a.slice(0, -1), `${flipCase(a)}${pick(SPECIAL)}`, insert(a), insert(flipCase(a))];
      const x = pick(variants);
      const y = rnd() < 0.5 ? pick(variants) : insert(x);
      for (const [p, q] of [[x, y], [y, x], [`${pick(SPECIAL)}${x}`, `${pick(SPECIAL)}${y}`]] as const) {
        const want = titleSortKey(p) === titleSortKey(q);
        if (sameTitleKey(p, q) !== want) expect([p, q, sameTitleKey(p, q)]).toEqual([p, q, want]);
        if (want) same++;
        pairs++;
      }
    }
    expect(same).toBeGreaterThan(pairs / 20); // alike often enough to tell
    expect(same).toBeLessThan(pairs * 0.9);
  });

  test("exact cases: letter case alone, a longer title, the characters that lowercase to other lengths", () => {
    const cases: Array<[string, string, boolean]> = [
      ["Mario Kart", "MARIO KART", true],
      ["Mario Kart", "Mario Kart 64", false],
      ["Mario Kart 64", "Mario Kart", false],
      ["Mario-Kart", "Mario Kart", false],
      ["Élan", "éLAN", true],
      ["Élan", "Elan", false],
      ["\u212aong", "kong", true], // KELVIN SIGN lowercases to ASCII k
      ["İstanbul", "i̇stanbul", true], // İ lowercases to two characters
      ["İ", "i", false],
      ["ΟΔΟΣ", "οδος", titleSortKey("ΟΔΟΣ") === titleSortKey("οδος")], // as the engine lowers a final sigma
      ["ΟΔΟΣ", "οδοσ", titleSortKey("ΟΔΟΣ") === titleSortKey("οδοσ")],
      ["Straße", "STRASSE", false],
      ["A", "", false],
      ["", "", true],
    ];
    for (const [a, b, want] of cases) expect([a, b, sameTitleKey(a, b)]).toEqual([a, b, want]);
  });
});
