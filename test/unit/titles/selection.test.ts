import { describe, expect, test } from "bun:test";
import {
  filterByFileTypePriority,
  filterByPreferredLanguages,
  filterByPreferredRegions,
  isVariant,
} from "../../../src/core/titles/narrowing.ts";
import { selectBestResult } from "../../../src/core/titles/selection.ts";
import { calculateTagMatchConfidence, filterByTags, hasAllTags } from "../../../src/core/titles/tag-match.ts";
import { compareTiebreakerScores, selectByQualityScore, tiebreakerScore } from "../../../src/core/titles/tiebreak.ts";
import type { MediaResult, TagFilter, TagOperator } from "../../../src/core/titles/types.ts";

let nextId = 1;
const media = (tags: [string, string][] = [], path = "/games/game.zip", name = "Game"): MediaResult => ({
  mediaId: nextId++,
  titleId: 1,
  systemId: "PC",
  name,
  path,
  tags: tags.map(([type, tag]) => ({ type, tag })),
});
const f = (type: string, value: string, operator: TagOperator = "AND"): TagFilter => ({ type, value, operator });
const prefs = { regions: ["us", "world"], langs: ["en"] };

// Vectors of the reference's pkg/zapscript/titles/selection_test.go.
describe("hasAllTags", () => {
  test.each([
    ["AND all present", [["region", "us"], ["lang", "en"]], [f("region", "us"), f("lang", "en")], true],
    ["AND type missing is neutral", [["region", "us"]], [f("region", "us"), f("lang", "en")], true],
    ["NOT present", [["unfinished", "beta"]], [f("unfinished", "beta", "NOT")], false],
    ["NOT absent", [["region", "us"]], [f("unfinished", "beta", "NOT")], true],
    ["OR one of", [["region", "us"]], [f("region", "us", "OR"), f("region", "eu", "OR")], true],
    ["OR none of", [["region", "jp"]], [f("region", "us", "OR"), f("region", "eu", "OR")], false],
    ["AND + NOT", [["region", "us"], ["lang", "en"]], [f("region", "us"), f("unfinished", "beta", "NOT")], true],
    ["AND + NOT fails", [["region", "us"], ["unfinished", "beta"]], [f("region", "us"), f("unfinished", "beta", "NOT")], false],
    ["AND + OR", [["region", "us"], ["lang", "en"]], [f("region", "us"), f("lang", "en", "OR"), f("lang", "es", "OR")], true],
    ["no filters", [["region", "us"]], [], true],
    ["multi-value AND one", [["region", "us"], ["region", "eu"]], [f("region", "us")], true],
    ["multi-value AND both", [["region", "us"], ["region", "eu"]], [f("region", "us"), f("region", "eu")], true],
    ["multi-value AND absent value", [["region", "us"], ["region", "eu"]], [f("region", "jp")], false],
    ["multi-value NOT", [["lang", "en"], ["lang", "fr"]], [f("lang", "fr", "NOT")], false],
  ] as const)("%p", (_name, tags, filters, want) => {
    expect(hasAllTags(media(tags.map(([a, b]) => [a, b])), filters)).toBe(want);
  });
});

describe("isVariant", () => {
  test.each([
    [[["unfinished", "alpha"]], true],
    [[["unfinished", "sample"]], true],
    [[["unfinished", "preview"]], true],
    [[["unfinished", "prerelease"]], true],
    [[["unlicensed", "bootleg"]], true],
    [[["unlicensed", "clone"]], true],
    [[["dump", "bad"]], true],
    [[["unfinished", "beta"], ["unlicensed", "hack"]], true],
    [[["region", "us"], ["lang", "en"]], false],
  ] as const)("%p → %p", (tags, want) => {
    expect(isVariant(media(tags.map(([a, b]) => [a, b])))).toBe(want);
  });
});

describe("filterByTags", () => {
  const usa = media([["region", "us"], ["lang", "en"]], "/g/usa", "Game (USA)");
  const jpn = media([["region", "jp"], ["lang", "ja"]], "/g/jpn", "Game (Japan)");
  const eur = media([["region", "eu"], ["lang", "en"]], "/g/eur", "Game (Europe)");
  test.each([
    [[f("region", "us")], ["Game (USA)"]],
    [[f("region", "eu"), f("lang", "en")], ["Game (Europe)"]],
    [[f("region", "us", "OR"), f("region", "eu", "OR")], ["Game (USA)", "Game (Europe)"]],
    [[f("region", "jp", "NOT")], ["Game (USA)", "Game (Europe)"]],
    [[], ["Game (USA)", "Game (Japan)", "Game (Europe)"]],
  ] as const)("%p", (filters, names) => {
    expect(filterByTags([usa, jpn, eur], filters).map((r) => r.name)).toEqual([...names]);
  });
});

describe("preferred regions and languages", () => {
  const region = (tags: [string, string][], preferred: string[]): string => {
    const r = media(tags);
    const others = media([["region", "zz-other"]]);
    const untagged = media([]);
    const kept = filterByPreferredRegions([r, others, untagged], preferred);
    return kept.includes(r) && kept.length === 1 ? "preferred" : kept.includes(r) ? "untagged" : "not";
  };
  test.each([
    [[["region", "us"]], ["us", "world"], "preferred"],
    [[["region", "world"]], ["us", "world"], "preferred"],
    [[["region", "jp"]], ["us", "world"], "not"],
    [[["region", "us"]], [], "not"],
  ] as const)("region %p with %p", (tags, preferred, want) => {
    expect(region(tags.map(([a, b]) => [a, b]), [...preferred])).toBe(want);
  });

  test("untagged files come before other regions and languages", () => {
    const jp = media([["region", "jp"], ["lang", "ja"]]);
    const none = media([]);
    expect(filterByPreferredRegions([jp, none], ["us"])).toEqual([none]);
    expect(filterByPreferredLanguages([jp, none], ["en"])).toEqual([none]);
    expect(filterByPreferredLanguages([jp], ["en"])).toEqual([jp]);
    const es = media([["lang", "es"]]);
    expect(filterByPreferredLanguages([jp, es, none], ["en", "es"])).toEqual([es]);
  });
});

describe("tie-break score", () => {
  const score = (fileName: string) => tiebreakerScore(media([], `/${fileName}`));
  test.each([
    ["game.zip", 0],
    ["game (1).zip", 1],
    ["game (2).zip", 1],
    ["game (6).zip", 1],
    ["game (10).zip", 1],
    ["game (99).zip", 1],
    ["game - Copy.zip", 1],
    ["game copy.zip", 1],
    ["game (USA).zip", 0],
    ["game v1.0.zip", 0],
    ["game (1996).zip", 1],
  ] as const)("numeric suffix of %p is %p", (name, want) => {
    expect(score(name).numericSuffix).toBe(want);
  });

  test.each([
    ["game.zip", 0],
    ["game__v1.zip", 1],
    ["S.T.A.L.K.E.R..zip", 0],
    ["game-v1_final.zip", 2],
    ["game__v1.0-final_release.zip", 3],
  ] as const)("char density of %p is %p", (name, want) => {
    expect(score(name).charDensity).toBe(want);
  });

  const s = (numericSuffix: number, pathDepth: number, charDensity: number, nameLength: number) => ({
    numericSuffix,
    pathDepth,
    charDensity,
    nameLength,
  });
  test.each([
    [s(0, 2, 0, 10), s(0, 2, 0, 10), 0],
    [s(0, 2, 0, 10), s(1, 2, 0, 10), -1],
    [s(0, 2, 0, 10), s(0, 5, 0, 10), -1],
    [s(0, 2, 0, 10), s(0, 2, 3, 10), -1],
    [s(0, 2, 0, 10), s(0, 2, 0, 20), -1],
    [s(0, 5, 5, 50), s(1, 2, 0, 10), -1],
  ] as const)("compare %p with %p", (a, b, want) => {
    expect(compareTiebreakerScores(a, b)).toBe(want);
  });

  test.each([
    [["/games/zelda (1).zip", "/games/zelda.zip"], "/games/zelda.zip"],
    [["/games/backups/old/archive/sonic.rom", "/games/sonic.rom"], "/games/sonic.rom"],
    [["/games/game__v1.0-final_release.zip", "/games/game.zip"], "/games/game.zip"],
    [["/games/mario-bros-super-deluxe.zip", "/games/mario.zip"], "/games/mario.zip"],
    [
      [
        "/backups/old/Super Mario Bros (1).zip",
        "/games/Super Mario Bros - Copy.zip",
        "/games/Super Mario Bros.zip",
        "/roms/archive/Super Mario Bros.zip",
      ],
      "/games/Super Mario Bros.zip",
    ],
    [["/games/game.zip"], "/games/game.zip"],
  ] as const)("quality pick among %p", (paths, want) => {
    expect(selectByQualityScore(paths.map((p) => media([], p)))?.path).toBe(want);
  });
  test("no results, no pick", () => expect(selectByQualityScore([])).toBeUndefined());
});

describe("filterByFileTypePriority", () => {
  test.each([
    [["/games/game.vhd", "/games/game.mgl", "/games/game.img"], [[".mgl", ".vhd", ".img"]], ["/games/game.mgl"]],
    [["/games/game1.mgl", "/games/game2.mgl", "/games/game.vhd"], [[".mgl", ".vhd"]], ["/games/game1.mgl", "/games/game2.mgl"]],
    [
      ["/games/game.chd", "/games/game.cue", "/games/game.iso"],
      [
        [".iso", ".cue"],
        [".chd", ".iso"],
      ],
      ["/games/game.chd", "/games/game.iso"],
    ],
    [["/games/game.zip", "/games/game.rar"], [[".mgl", ".vhd"]], ["/games/game.zip", "/games/game.rar"]],
    [["/games/game.mgl", "/games/game.zip", "/games/game.vhd"], [[".mgl", ".vhd"]], ["/games/game.mgl"]],
    [["/games/game1.zip", "/games/game2.rom"], [], ["/games/game1.zip", "/games/game2.rom"]],
    [[], [[".mgl"]], []],
    [["/games/game.MGL", "/games/game.VHD"], [[".mgl", ".vhd"]], ["/games/game.MGL"]],
  ] as const)("%p with %p", (paths, launchers, want) => {
    const got = filterByFileTypePriority(
      paths.map((p) => media([], p)),
      launchers.map((l) => [...l]),
    );
    expect(got.map((r) => r.path)).toEqual([...want]);
  });
});

describe("selectBestResult", () => {
  test.each([
    [[["unlicensed", "translation"]]],
    [[["unfinished", "demo"]]],
    [[["unfinished", "beta"]]],
    [[]],
  ] as const)("a single result is chosen even when a variant: %p", (tags) => {
    const only = media(tags.map(([a, b]) => [a, b]));
    const sel = selectBestResult([only], [], prefs, 1);
    expect(sel.result).toBe(only);
    expect(sel.confidence).toBeGreaterThan(0);
  });

  test("all-variant candidates are rejected with confidence 0", () => {
    const sel = selectBestResult([media([["unfinished", "beta"]]), media([["unfinished", "demo"]])], [], prefs, 1);
    expect(sel).toMatchObject({ result: undefined, confidence: 0, rule: "all_variants_rejected" });
  });

  test("order of preferences: tags, main game, original, region, language, file type, quality", () => {
    const usa = media([["region", "us"]], "/r/a.sfc");
    const eur = media([["region", "eu"]], "/r/b.sfc");
    expect(selectBestResult([usa, eur], [f("region", "eu")], prefs, 1)).toMatchObject({ result: eur, rule: "tag_filter" });
    expect(selectBestResult([usa, eur], [], prefs, 1)).toMatchObject({ result: usa, rule: "preferred_region" });
    const beta = media([["region", "us"], ["unfinished", "beta"]]);
    expect(selectBestResult([beta, eur], [], prefs, 1)).toMatchObject({ result: eur, rule: "main_game" });
    const rerelease = media([["rerelease", "virtualconsole"]]);
    expect(selectBestResult([rerelease, eur], [], prefs, 1)).toMatchObject({ result: eur, rule: "original_release" });
    const a = media([], "/r/x/game.zip");
    const b = media([], "/r/game.mgl");
    expect(selectBestResult([a, b], [], { ...prefs, launcherExtensions: [[".zip", ".mgl"]] }, 1)).toMatchObject({
      result: a,
      rule: "file_type_priority",
    });
    expect(selectBestResult([a, b], [], prefs, 1)).toMatchObject({ result: b, rule: "quality_score" });
  });
});

describe("calculateTagMatchConfidence", () => {
  test.each([
    [[["year", "1991"]], [f("year", "1991")], 0.99, 1],
    [[["year", "1992"]], [f("year", "1991")], 0, 0.01],
    [[["region", "us"]], [f("year", "1991")], 0.95, 1],
    [[["region", "jp"]], [f("region", "us")], 0, 0.01],
    [[["year", "1992"], ["region", "us"]], [f("year", "1991"), f("region", "us")], 0.25, 0.35],
    [[["year", "wrong"], ["region", "wrong"]], [f("year", "1991"), f("region", "us")], 0, 0.01],
  ] as const)("%p with %p", (tags, filters, min, max) => {
    const c = calculateTagMatchConfidence(media(tags.map(([a, b]) => [a, b])), filters);
    expect(c).toBeGreaterThanOrEqual(min);
    expect(c).toBeLessThanOrEqual(max);
  });

  test("no tags at all gives 0.65, no filters 1", () => {
    expect(calculateTagMatchConfidence(media([]), [f("region", "us")])).toBe(0.65);
    expect(calculateTagMatchConfidence(media([]), [])).toBe(1);
  });
});
