import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { joinedTitleSortKeys, lowerBound, readTitleOrder, SAMPLE_STEP, sampledPrefixRange, titleKey, titleOrderBlob, titleSortKey } from "../../src/core/media/title-order.ts";
import { systemCatalog } from "../../src/core/systems/catalog.ts";
import { bunRuntime } from "../../src/runtime/bun/index.ts";
import { writeIndexFile, type WrittenSystem } from "../../src/service/media/index-writer.ts";
import { MediaStore } from "../../src/service/media/media-store.ts";

/**
 * The title order and the search share one title key (full Unicode lowercasing): non-ASCII first letters sort
 * and compare alike, so exact and prefix title matches are found for them too.
 */
const dir = mkdtempSync(join(tmpdir(), "tapserve-title-order-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("title order", () => {
  test("ids sorted by title key, ties by id; a title before the titles it begins", () => {
    const titles = ["Zelda", "Élan", "éclair", "Ōkami", "élan", "zelda", "Élan Vital", "Zeld", "Élan"];
    const order = [...readTitleOrder(titleOrderBlob(titles.map(titleSortKey))).order];
    expect(order.map((id) => titles[id - 1])).toEqual(["Zeld", "Zelda", "zelda", "éclair", "Élan", "élan", "Élan", "Élan Vital", "Ōkami"]);
    expect(order).toEqual([8, 1, 6, 3, 2, 5, 9, 7, 4]);
  });

  test("the titles starting with a key are the range between the key and the key followed by U+FFFF", () => {
    const keys = ["", "a", "ab", "ab\uffff", "ab\uffffz", "abc", "abd", "b", "ba", "élan", "élan vital", "ōkami", "zz"];
    for (let i = 0; i < 300; i++) keys.push(`w${String(i).padStart(3, "0")}`);
    keys.sort();
    const samples = keys.filter((_, i) => i % SAMPLE_STEP === 0);
    const at = (place: number) => keys[place] as string;
    for (const key of ["", "a", "ab", "ab\uffff", "abc", "abe", "b", "c", "élan", "élan ", "ō", "w1", "w150", "w2999", "zz", "zzz"]) {
      const expected = [lowerBound(0, keys.length, key, at), lowerBound(0, keys.length, `${key}\uffff`, at)];
      expect(sampledPrefixRange(keys.length, samples, key, at)).toEqual(expected as [number, number]);
    }
  });

  test("titles keyed in one pass over their NUL-joined text are keyed as each alone", () => {
    const titles = ["ΟΔΥΣΣΕΥΣ", "Σ", "ΑΣ", "ΑΣ'", "'Σ", "Σίσυφος", "İstanbul", "ǅemal", "Straße", "", "MARIO", "ΣΑΣ ΣΑΣ", "Ω Σ"];
    // every ordered pair and triple: a title's lowering never sees its neighbours
    for (const a of titles) {
      for (const b of titles) {
        for (const c of ["", "ΣΑ", "x"]) {
          const list = [a, b, c];
          expect(joinedTitleSortKeys(list.join("\0")).split("\0")).toEqual(list.map(titleSortKey));
        }
      }
    }
    const plain = ["Super Mario World", "Sonic The Hedgehog", "Élan"];
    expect(joinedTitleSortKeys(plain.join("\0"))).toBe(plain.map(titleSortKey).join("\0"));
  });

  test("a query is keyed as titles are", () => {
    expect(titleKey("  ÉLAN   vital ")).toBe(titleSortKey("Élan Vital"));
    expect(titleKey("ŌKAMI")).toBe(titleSortKey("Ōkami"));
  });

  test("search ranks exact and prefix title matches of non-ASCII titles first, whatever their case", async () => {
    const names = ["Élan (USA)", "éclair (Europe)", "Zelda (USA)", "Ōkami (Japan)", "Élan Vital (USA)", "Ōkami (USA) (Rev 1)", "Vital Élan (USA)"];
    // filler around them, so that the title order is searched through its samples
    for (let i = 0; i < 500; i++) names.push(`${String.fromCharCode(97 + (i % 26))}${i} élan ōkami (USA)`);
    const scan = { system: "NES", dirs: [{ abs: "/r/NES", rel: "NES" }], files: names.map((n) => `${n}.nes`), fileDirs: names.map(() => 0) };
    const written: WrittenSystem[] = [{ scan, indexedAt: "2024-01-01T00:00:00Z" }];
    const dataDir = join(dir, "search");
    mkdirSync(dataDir, { recursive: true });
    const store = new MediaStore(bunRuntime, dataDir, systemCatalog());
    await writeIndexFile(bunRuntime, store.buildingPath, written, async () => {});
    store.replaceWith(store.buildingPath);
    try {
      for (const q of ["élan", "ÉLAN", "Élan"]) {
        const got = store.search(q, [], 3).results.map((m) => m.name);
        expect(got).toEqual(["Élan (USA)", "Élan Vital (USA)", "a0 élan ōkami (USA)"]);
      }
      expect(store.search("ōkami", [], 2).results.map((m) => m.name)).toEqual(["Ōkami (Japan)", "Ōkami (USA) (Rev 1)"]);
      const everything = store.search("", [], 1000).results.map((m) => m.name);
      expect(everything.slice(-6)).toEqual(["Zelda (USA)", "éclair (Europe)", "Élan (USA)", "Élan Vital (USA)", "Ōkami (Japan)", "Ōkami (USA) (Rev 1)"]);
      // paging through the order with cursors gives the same list
      const paged: string[] = [];
      let cursor = "";
      do {
        const page = store.search("", [], 97, [], cursor);
        paged.push(...page.results.map((m) => m.name));
        cursor = page.nextCursor;
      } while (cursor);
      expect(paged).toEqual(everything);
    } finally {
      store.close();
    }
  });
});
