import { describe, expect, test } from "bun:test";
import { generateMatchInfo, generateProgressiveTrimCandidates } from "../../../src/core/titles/match-info.ts";

// Vectors of the reference's pkg/zapscript/titles/metadata_test.go.
describe("generateMatchInfo", () => {
  test.each([
    ["Super Mario World", "supermarioworld", "supermarioworld", "", false, false],
    ["The Legend of Zelda: Ocarina of Time", "legendofzeldaocarinaoftime", "legendofzelda", "ocarinaoftime", true, true],
    ["Final Fantasy - VII", "finalfantasy7", "finalfantasy", "7", true, false],
    ["Link's Awakening", "linksawakening", "links", "awakening", true, false],
    ["The Simpsons", "simpsons", "simpsons", "", false, true],
    ["A Link to the Past", "linktothepast", "linktothepast", "", false, true],
    ["Zelda: The Wind Waker", "zeldawindwaker", "zelda", "windwaker", true, false],
    ["The Elder Scrolls: Skyrim", "elderscrollsskyrim", "elderscrolls", "skyrim", true, true],
    ["", "", "", "", false, false],
    ["   ", "", "", "", false, false],
    ["Street Fighter II: The World Warrior", "streetfighter2worldwarrior", "streetfighter2", "worldwarrior", true, false],
  ] as const)("%p", (input, canonical, main, secondary, hasSecondary, hasArticle) => {
    const info = generateMatchInfo("Game", input);
    expect(info).toEqual({
      canonicalSlug: canonical,
      mainTitleSlug: main,
      secondaryTitleSlug: secondary,
      hasSecondaryTitle: hasSecondary,
      hasLeadingArticle: hasArticle,
      originalInput: input,
    });
  });
});

describe("generateProgressiveTrimCandidates", () => {
  test.each([
    ["Super Mario World", 3, 4, "supermarioworld", "supermario"],
    ["The Legend of Zelda Ocarina of Time", 3, 8, "legendofzeldaocarinaoftime", ""],
    ["Mario Bros", 3, 0, "", ""],
    ["Street Fighter", 3, 0, "", ""],
    ["Game Title (USA) (Rev 1)", 3, 0, "", ""],
    ["Super Mario World Deluxe Edition", 3, 6, "supermarioworlddeluxe", ""],
    ["", 3, 0, "", ""],
    ["A B C D E", 0, 0, "", ""],
    ["Game Title ABCDEF", 10, 4, "gametitleabcdef", ""],
    ["Game Game Game Foo", 3, 6, "gamegamegamefoo", ""],
  ] as const)("%p (depth %p)", (input, depth, count, first, last) => {
    const got = generateProgressiveTrimCandidates("Game", input, depth);
    expect(got).toHaveLength(count);
    if (count === 0) return;
    if (first) expect(got[0]).toMatchObject({ slug: first, isExactMatch: true, isPrefixMatch: false });
    if (last) expect(got.at(-1)?.slug).toBe(last);
    for (const c of got) expect(c.slug.length).toBeGreaterThanOrEqual(6);
    got.forEach((c, i) => expect(c.isExactMatch).toBe(i % 2 === 0));
  });
});
