import { describe, expect, test } from "bun:test";
import { detectPrefixPolicy, parseStem, stemFromPath, stripWithPolicy } from "../../../src/core/titles/browse-prefix.ts";
import { TitleIndex } from "../../../src/core/titles/title-index.ts";

const build = (paths: string[], ids?: number[]) =>
  new TitleIndex(
    paths.map((path, i) => ({ id: ids?.[i] ?? i + 1, systemId: "SNES", path })),
    { systemId: "SNES", mediaType: "Game", ...(ids ? { tieOrder: "id" as const } : {}) },
  );

describe("TitleIndex", () => {
  test("one title per slug, named after the file with the smallest path", () => {
    const idx = build(["/b/Super Mario World (USA).sfc", "/a/Super Mario World (Europe).sfc"]);
    expect(idx.titleCount).toBe(1);
    const found = idx.searchMediaBySlug("SNES", "Super Mario World");
    expect(found.map((r) => r.mediaId)).toEqual([2, 1]);
    expect(new Set(found.map((r) => r.name))).toEqual(new Set(["Super Mario World"]));
  });

  test("files come in path order after a scan, or in id order, and at most 50", () => {
    const paths = Array.from({ length: 60 }, (_, i) => `/r/Tetris (Rev ${i + 1}).sfc`);
    const ids = paths.map((_, i) => 1000 - i);
    const found = build(paths, ids).searchMediaBySlug("SNES", "tetris");
    expect(found).toHaveLength(50);
    expect(found[0]?.mediaId).toBe(941);
    const scanned = build(paths).searchMediaBySlug("SNES", "tetris");
    expect(scanned.slice(0, 3).map((r) => r.path)).toEqual([
      "/r/Tetris (Rev 1).sfc",
      "/r/Tetris (Rev 10).sfc",
      "/r/Tetris (Rev 11).sfc",
    ]);
  });

  test("stores the extension and file-name tags, and filters on them strictly", () => {
    const idx = build(["/r/Zelda (USA).sfc", "/r/Zelda (Japan).sfc", "/r/Zelda.smc"]);
    const usa = idx.searchMediaBySlug("SNES", "zelda", [{ type: "region", value: "us", operator: "AND" }]);
    expect(usa.map((r) => r.path)).toEqual(["/r/Zelda (USA).sfc"]);
    expect(usa[0]?.tags).toContainEqual(expect.objectContaining({ type: "extension", tag: "sfc" }));
    const notJp = idx.searchMediaBySlug("SNES", "zelda", [{ type: "region", value: "jp", operator: "NOT" }]);
    expect(notJp.map((r) => r.path)).toEqual(["/r/Zelda (USA).sfc", "/r/Zelda.smc"]);
    const smc = idx.searchMediaBySlug("SNES", "zelda", [{ type: "extension", value: "smc", operator: "OR" }]);
    expect(smc.map((r) => r.path)).toEqual(["/r/Zelda.smc"]);
  });

  test("secondary slug, prefix and IN queries", () => {
    const idx = build(["/r/Legend of Zelda, The - A Link to the Past (USA).sfc", "/r/Link to the Past.sfc", "/r/Mario Paint.sfc"]);
    expect(idx.searchMediaBySecondarySlug("SNES", "linktothepast").map((r) => r.mediaId)).toEqual([1]);
    expect(idx.searchMediaBySlugPrefix("SNES", "mario").map((r) => r.mediaId)).toEqual([3]);
    expect(idx.searchMediaBySlugIn("SNES", ["mariopaint", "linktothepast"]).map((r) => r.mediaId)).toEqual([2, 3]);
    expect(idx.searchMediaBySlugPrefix("SNES", "")).toEqual([]);
    expect(idx.searchMediaBySlug("NES", "mariopaint")).toEqual([]);
  });

  test("pre-filter lists titles by slug length, word count, then path order", () => {
    const idx = build(["/r/Zelda.sfc", "/r/Aladdin.sfc", "/r/Super Mario World.sfc", "/r/Tetris.sfc", "/r/Pilotwings.sfc"]);
    const titles = idx.getTitlesWithPreFilter("SNES", { minLength: 0, maxLength: 10, minWordCount: 1, maxWordCount: 1 });
    expect(titles.map((t) => t.slug)).toEqual(["zelda", "tetris", "aladdin", "pilotwings"]);
    const smw = idx.getTitlesWithPreFilter("SNES", { minLength: 15, maxLength: 15, minWordCount: 3, maxWordCount: 3 });
    expect(smw.map((t) => [t.slug, t.slugLength, t.slugWordCount])).toEqual([["supermarioworld", 15, 3]]);
  });

  test("precomputed titles and tags skip parsing", () => {
    const idx = new TitleIndex(
      [{ id: 7, systemId: "SNES", path: "/r/x.sfc", title: "Chrono Trigger", tags: [{ type: "region", value: "us" }] }],
      { systemId: "SNES", mediaType: "Game" },
    );
    const found = idx.searchMediaBySlug("SNES", "Chrono Trigger", [{ type: "region", value: "us", operator: "AND" }]);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ mediaId: 7, titleId: 1, systemId: "SNES", name: "Chrono Trigger", path: "/r/x.sfc" });
    expect(found[0]?.tags.map(({ type, tag }) => ({ type, tag }))).toEqual([
      { type: "extension", tag: "sfc" },
      { type: "region", tag: "us" },
    ]);
  });
});

// Vectors of the reference's pkg/database/browseprefix/prefix_test.go, and the scanner's use of them.
describe("numbering prefixes", () => {
  test.each([
    ["001 - Sonic", "rank", "Sonic"],
    ["42. Contra", "rank", "Contra"],
    ["7) Zelda", "rank", "Zelda"],
    ["1991-06-23 - Sonic", "date", "Sonic"],
    ["1991.06.23 Sonic", "date", "Sonic"],
    ["1991 - Sonic", "date", "Sonic"],
    ["1942", "", ""],
    ["3D Worldrunner", "", ""],
    ["1991-13-01 - Sonic", "", ""],
  ] as const)("%p → %p %p", (stem, kind, rest) => {
    expect(parseStem(stem)).toEqual({ kind, rest });
  });

  test.each([
    ["roms/genesis/001 - Sonic.gen", "001 - Sonic"],
    ["roms/genesis/history/1991-06-23 - Sonic.zip", "1991-06-23 - Sonic"],
    ["roms/genesis/Sonic", "Sonic"],
    ["roms/genesis/Sonic. The Hedgehog.gen", "Sonic. The Hedgehog"],
  ] as const)("stem of %p", (path, stem) => {
    expect(stemFromPath(path)).toBe(stem);
  });

  test("stripping follows the folder's policy", () => {
    expect(stripWithPolicy("001 - Sonic", "rank")).toBe("Sonic");
    expect(stripWithPolicy("001 - Sonic", "")).toBe("001 - Sonic");
    expect(stripWithPolicy("Sonic", "date")).toBe("Sonic");
    expect(stripWithPolicy("001", "rank")).toBe("001");
    const nes = ["1942.nes", "007.nes", "3D Worldrunner.nes", "720 Degrees.nes", "8 Eyes.nes"].map((n) => `roms/nes/${n}`);
    expect(detectPrefixPolicy(nes)).toBe("");
  });

  test("a numbered folder's titles lose their numbers; other folders keep theirs", () => {
    const top = ["01 - Sonic", "02 - Contra", "03 - Zelda", "04 - Metroid", "05 - Tetris"].map((n) => `/r/top/${n}.md`);
    const idx = build([...top, "/r/other/01 - Sonic.md"]);
    expect(idx.searchMediaBySlug("SNES", "Sonic").map((r) => r.path)).toEqual(["/r/top/01 - Sonic.md"]);
    expect(idx.searchMediaBySlug("SNES", "01 Sonic").map((r) => r.path)).toEqual(["/r/other/01 - Sonic.md"]);
  });
});
