import { describe, expect, test } from "bun:test";
import { STRATEGY } from "../../../src/core/titles/constants.ts";
import { tryAdvancedFuzzyMatching } from "../../../src/core/titles/fuzzy-strategy.ts";
import type { GameMatchInfo } from "../../../src/core/titles/match-info.ts";
import {
  type StrategyContext,
  tryMainTitleOnly,
  tryProgressiveTrim,
  trySecondaryTitleExact,
  trySharedSecondaryTitle,
  tryWithoutAutoTags,
} from "../../../src/core/titles/strategies.ts";
import type { MediaResult, TagFilter, TitleQueries, TitleRecord } from "../../../src/core/titles/types.ts";

/** Canned answers per query method and argument, as the reference's mocked media database gives them. */
interface Canned {
  slug?: Record<string, string[]>;
  secondary?: Record<string, string[]>;
  prefix?: Record<string, string[]>;
  slugIn?: string[];
  titles?: Partial<TitleRecord>[];
}

let nextId = 1;
function queries(system: string, canned: Canned): TitleQueries & { calls: string[] } {
  const calls: string[] = [];
  const rows = (names: string[] | undefined): MediaResult[] =>
    (names ?? []).map((name) => ({ mediaId: nextId++, titleId: 0, systemId: system, name, path: `/${name}.rom`, tags: [] }));
  return {
    calls,
    searchMediaBySlug: (_s, slug) => (calls.push(`slug:${slug}`), rows(canned.slug?.[slug])),
    searchMediaBySecondarySlug: (_s, slug) => (calls.push(`secondary:${slug}`), rows(canned.secondary?.[slug])),
    searchMediaBySlugPrefix: (_s, slug) => (calls.push(`prefix:${slug}`), rows(canned.prefix?.[slug])),
    searchMediaBySlugIn: (_s, slugs) => (calls.push(`in:${slugs.join(",")}`), rows(canned.slugIn)),
    getTitlesWithPreFilter: () =>
      (canned.titles ?? []).map((t, titleId) => ({
        titleId,
        slug: "",
        name: "",
        secondarySlug: "",
        slugLength: 0,
        slugWordCount: 0,
        ...t,
      })),
  };
}

const ctx = (system: string, canned: Canned): StrategyContext => ({
  queries: queries(system, canned),
  systemId: system,
  mediaType: "Game",
});

const info = (
  canonicalSlug: string,
  mainTitleSlug: string,
  secondaryTitleSlug = "",
  originalInput = "",
): GameMatchInfo => ({
  canonicalSlug,
  mainTitleSlug,
  secondaryTitleSlug,
  originalInput,
  hasSecondaryTitle: secondaryTitleSlug !== "",
  hasLeadingArticle: false,
});

// Vectors of the reference's pkg/zapscript/titles/strategies_test.go (its mocked database answers as canned data).
describe("tryMainTitleOnly", () => {
  test.each([
    ["query subtitle, library none", "SNES", "somegamethenextgen", info("somegamethenextgen", "somegame", "thenextgen"), { somegame: ["Some Game"] }, 1],
    ["query plain, library subtitle", "SNES", "somegame", info("somegame", "somegame"), { somegame: ["Some Game: The Next Gen"] }, 1],
    [
      "exact preferred over partial",
      "NES",
      "mariobros",
      info("mariobros", "mario", "bros"),
      { mario: ["Mario", "Mario: Lost Levels", "Mario: Super Show"] },
      1,
    ],
    ["nothing found", "SNES", "nonexistentgame", info("nonexistentgame", "nonexistent", "game"), {}, 0],
    ["unrelated prefix filtered", "NES", "mario", info("mario", "mario"), { mario: ["MarioKart"] }, 0],
  ] as const)("%p", (_name, system, slug, i, prefix, count) => {
    const got = tryMainTitleOnly(ctx(system, { prefix: { ...prefix } as Record<string, string[]> }), slug, i);
    expect(got.results).toHaveLength(count);
    expect(got.strategy).toBe(count > 0 ? STRATEGY.mainTitleOnly : undefined);
  });
});

describe("trySharedSecondaryTitle", () => {
  const touhou06 = info(
    "touhou06embodimentofscarletdevil",
    "touhou06",
    "embodimentofscarletdevil",
    "Touhou 06: The Embodiment of Scarlet Devil",
  );
  test.each([
    ["numbered matches named via the subtitle", "PC", touhou06, ["Touhou Koumakyou: The Embodiment of Scarlet Devil"], 1],
    ["query without subtitle skips", "PC", info("touhou06", "touhou06", "", "Touhou 06"), [], 0],
    ["library entry without subtitle", "PC", touhou06, ["Embodiment of Scarlet Devil"], 0],
    ["different first word", "NES", info("pokemonblue", "pokemon", "blue", "Pokemon: Blue"), ["Mega Man Battle Network 3: Blue"], 0],
    [
      "identical full slug is left to the exact strategy",
      "PC",
      info(
        "touhoukoumakyouembodimentofscarletdevil",
        "touhoukoumakyou",
        "embodimentofscarletdevil",
        "Touhou Koumakyou: The Embodiment of Scarlet Devil",
      ),
      ["Touhou Koumakyou: The Embodiment of Scarlet Devil"],
      0,
    ],
  ] as const)("%p", (_name, system, i, found, count) => {
    const got = trySharedSecondaryTitle(ctx(system, { secondary: { [i.secondaryTitleSlug]: [...found] } }), i);
    expect(got.results).toHaveLength(count);
    expect(got.strategy).toBe(count > 0 ? STRATEGY.sharedSecondaryTitle : undefined);
  });
});

describe("trySecondaryTitleExact", () => {
  test.each([
    ["query subtitle, library none", "legendofzeldaocarinaoftime", info("legendofzeldaocarinaoftime", "legendofzelda", "ocarinaoftime"), { slug: { ocarinaoftime: ["Ocarina of Time"] } }, 1],
    ["query plain, library subtitle", "ocarinaoftime", info("ocarinaoftime", "ocarinaoftime"), { secondary: { ocarinaoftime: ["Legend of Zelda: Ocarina of Time"] } }, 1],
    ["exact preferred", "streetfighterturbo", info("streetfighterturbo", "streetfighter", "turbo"), { slug: { turbo: ["Turbo"] } }, 1],
    ["short subtitle, nothing", "gameii", info("gameii", "game", "ii"), {}, 0],
    ["short slug, nothing", "wwe", info("wwe", "wwe"), {}, 0],
    ["nothing anywhere", "nonexistent", info("nonexistent", "nonexistent"), {}, 0],
  ] as const)("%p", (_name, slug, i, canned, count) => {
    const got = trySecondaryTitleExact(ctx("SNES", canned as Canned), slug, i);
    expect(got.results).toHaveLength(count);
    expect(got.strategy).toBe(count > 0 ? STRATEGY.secondaryTitleExact : undefined);
  });
});

describe("tryAdvancedFuzzyMatching", () => {
  test.each([
    ["slug too short", "Test", "test", {}, 0, undefined],
    [
      "similar slug",
      "Super Mario World",
      "mariosuperworld",
      { titles: [{ slug: "supermarioworld" }], slug: { supermarioworld: ["Super Mario World"] } },
      1,
      STRATEGY.jaroWinklerDamerau,
    ],
    [
      "typo",
      "Zelad",
      "zelad",
      { titles: [{ slug: "zelda" }, { slug: "zeldaii" }], slug: { zelda: ["Zelda"] } },
      1,
      STRATEGY.jaroWinklerDamerau,
    ],
    ["no candidates", "Nonexistent Game", "nonexistentgame", {}, 0, undefined],
  ] as const)("%p", (_name, gameName, slug, canned, count, strategy) => {
    const got = tryAdvancedFuzzyMatching(ctx("SNES", canned as Canned), gameName, slug);
    expect(got.results).toHaveLength(count);
    expect(got.strategy).toBe(strategy);
  });

  test("word order is matched by token signature with quality 1", () => {
    const got = tryAdvancedFuzzyMatching(
      ctx("SNES", {
        titles: [{ slug: "supermarioworld", name: "Super Mario World" }],
        slug: { supermarioworld: ["Super Mario World"] },
      }),
      "World Super Mario",
      "worldsupermario",
    );
    expect(got.strategy).toBe(STRATEGY.tokenSignature);
    expect(got.similarity).toBe(1);
  });
});

describe("tryProgressiveTrim", () => {
  test.each([
    ["trimmed match", "Super Mario World Special Edition", ["Super Mario World"], 1],
    ["title too short", "Short", [], 0],
    ["two words", "AB CD", [], 0],
    ["nothing found", "Nonexistent Long Title Name", [], 0],
  ] as const)("%p", (_name, gameName, found, count) => {
    const got = tryProgressiveTrim(ctx("SNES", { slugIn: [...found] }), gameName);
    expect(got.results).toHaveLength(count);
    expect(got.strategy).toBe(count > 0 ? STRATEGY.progressiveTrim : undefined);
  });
});

describe("tryWithoutAutoTags", () => {
  const region: TagFilter[] = [{ type: "region", value: "us", operator: "AND" }];
  test.each([
    ["no auto tags", [], {}, 0, undefined],
    ["exact without auto tags", region, { slug: { mario: ["Mario"] } }, 1, STRATEGY.exactMatchNoAutoTags],
    ["prefix without auto tags", region, { prefix: { mario: ["Mario Bros"] } }, 1, STRATEGY.prefixMatchNoAutoTags],
    ["nothing", region, {}, 0, undefined],
  ] as const)("%p", (_name, auto, canned, count, strategy) => {
    const got = tryWithoutAutoTags(ctx("NES", canned as Canned), "mario", auto, []);
    expect(got.results).toHaveLength(count);
    expect(got.strategy).toBe(strategy);
  });
});
