import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { systemCatalog } from "../../../src/core/systems/catalog.ts";
import { bunRuntime } from "../../../src/runtime/bun/index.ts";
import { writeIndexFile, type WrittenSystem } from "../../../src/service/media/index-writer.ts";
import { MediaStore } from "../../../src/service/media/media-store.ts";
import { TitleIndexes } from "../../../src/service/media/title-indexes.ts";
import { nameGenerator } from "../../fixtures/rom-names.ts";

/** The title tables kept per system over a real index file: a budget of rows, least recently used system dropped. */
const SIZES = { NES: 40, SNES: 30, Genesis: 20 } as const;
const dir = mkdtempSync(join(tmpdir(), "tapserve-title-indexes-"));
let store: MediaStore;

beforeAll(async () => {
  const next = nameGenerator(9);
  const written: WrittenSystem[] = Object.entries(SIZES).map(([system, count]) => ({
    scan: {
      system,
      dirs: [{ abs: `/r/${system}`, rel: system }],
      files: Array.from({ length: count }, () => `${next()}.bin`),
      fileDirs: Array.from({ length: count }, () => 0),
    },
    indexedAt: "2024-01-01T00:00:00Z",
  }));
  store = new MediaStore(bunRuntime, dir, systemCatalog());
  await writeIndexFile(bunRuntime, store.buildingPath, written, async () => {});
  store.replaceWith(store.buildingPath);
});

afterAll(() => {
  store?.close();
  rmSync(dir, { recursive: true, force: true });
});

const indexes = (rowBudget?: number) =>
  new TitleIndexes({
    reader: () => store.reader,
    indexedSystems: () => store.indexedSystems(),
    mediaType: () => "Game",
    ...(rowBudget === undefined ? {} : { rowBudget }),
  });

describe("TitleIndexes", () => {
  test("builds a system's tables once from its rows and keeps them", () => {
    const titles = indexes();
    const nes = titles.of("NES");
    expect(nes?.rowCount).toBe(SIZES.NES);
    expect(titles.of("NES")).toBe(nes);
    expect(titles.of("N64")).toBeUndefined();
    const all = { minLength: 0, maxLength: 1000, minWordCount: 0, maxWordCount: 100 };
    const slug = nes?.getTitlesWithPreFilter("NES", all)[0]?.slug ?? "";
    expect(nes?.searchMediaBySlug("NES", slug)[0]?.path).toStartWith("NES/");
  });

  test("past the row budget, the least recently used system goes first", () => {
    const titles = indexes(75);
    const nes = titles.of("NES");
    titles.of("Genesis");
    expect(titles.kept()).toEqual(["NES", "Genesis"]);
    expect(titles.of("NES")).toBe(nes); // now the most recently used
    titles.of("SNES"); // 40 + 20 + 30 > 75: Genesis goes, NES stays
    expect(titles.kept()).toEqual(["NES", "SNES"]);
    const genesis = titles.of("Genesis"); // 40 + 30 + 20 > 75: NES goes
    expect(titles.kept()).toEqual(["SNES", "Genesis"]);
    expect(genesis?.rowCount).toBe(SIZES.Genesis);
    const again = titles.of("NES");
    expect(again).not.toBe(nes);
    expect(again?.searchMediaBySlugPrefix("NES", "s")).toEqual(nes?.searchMediaBySlugPrefix("NES", "s") ?? []);
  });

  test("a system larger than the budget is still kept alone", () => {
    const titles = indexes(10);
    titles.of("Genesis");
    const nes = titles.of("NES");
    expect(titles.kept()).toEqual(["NES"]);
    expect(titles.of("NES")).toBe(nes);
  });

  test("drop lets every system go", () => {
    const titles = indexes();
    const snes = titles.of("SNES");
    titles.of("NES");
    titles.drop();
    expect(titles.kept()).toEqual([]);
    expect(titles.of("SNES")).not.toBe(snes);
  });
});
