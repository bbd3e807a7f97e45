import { describe, expect, test } from "bun:test";
import { CONFIDENCE_HIGH, STRATEGY } from "../../../src/core/titles/constants.ts";
import { type ResolveParams, resolveTitle } from "../../../src/core/titles/resolve.ts";
import { TitleIndex } from "../../../src/core/titles/title-index.ts";
import type { TagFilter } from "../../../src/core/titles/types.ts";

const index = (system: string, paths: string[]) =>
  new TitleIndex(
    paths.map((path, i) => ({ id: i + 1, systemId: system, path })),
    { systemId: system, mediaType: "Game" },
  );

const resolve = (idx: TitleIndex, gameName: string, additionalTags?: TagFilter[]) => {
  const params: ResolveParams = {
    systemId: idx.systemId,
    gameName,
    mediaType: "Game",
    preferences: { regions: ["us", "world"], langs: ["en"] },
    ...(additionalTags ? { additionalTags } : {}),
  };
  return resolveTitle(params, idx);
};

const region = (value: string): TagFilter => ({ type: "region", value, operator: "AND" });
const lang = (value: string): TagFilter => ({ type: "lang", value, operator: "AND" });

// The scenarios of the reference's pkg/zapscript/titles/resolve_test.go, its mocked database answers turned into
// libraries of files the index reads as the reference's indexer would.
describe("resolveTitle", () => {
  test("no match in an empty library", () => {
    const got = resolve(index("NES", []), "Super Mario Bros");
    expect(got).toMatchObject({ ok: false, reason: "no_match" });
  });

  test("a title without a slug fails early", () => {
    const got = resolve(index("NES", ["/games/nes/Super Mario Bros.nes"]), "!!!");
    expect(got).toMatchObject({ ok: false, reason: "empty_slug" });
  });

  test("exact match, high confidence", () => {
    const got = resolve(index("NES", ["/games/nes/Super Mario Bros.nes"]), "Super Mario Bros");
    expect(got.ok).toBe(true);
    if (!got.ok) return;
    expect(got.strategy).toBe(STRATEGY.exactMatch);
    expect(got.confidence).toBeGreaterThanOrEqual(CONFIDENCE_HIGH);
    expect(got.media.name).toBe("Super Mario Bros");
  });

  test("only variants: rejected everywhere", () => {
    const got = resolve(
      index("NES", ["/games/nes/Super Mario Bros (Demo).nes", "/games/nes/Super Mario Bros (Beta).nes"]),
      "Super Mario Bros",
    );
    expect(got).toMatchObject({ ok: false, reason: "no_match" });
  });

  test("the requested region picks the file", () => {
    const idx = index("NES", ["/games/nes/Super Mario Bros (Japan).nes", "/games/nes/Super Mario Bros (USA).nes"]);
    const got = resolve(idx, "Super Mario Bros", [region("us")]);
    expect(got).toMatchObject({ ok: true, strategy: STRATEGY.exactMatch, media: { mediaId: 2 } });
  });

  test("exact match without tags when no file carries them", () => {
    const got = resolve(index("NES", ["/games/nes/Super Mario Bros.nes"]), "Super Mario Bros", [region("us")]);
    expect(got).toMatchObject({ ok: true, strategy: STRATEGY.exactMatch, media: { name: "Super Mario Bros" } });
  });

  test("secondary title", () => {
    const got = resolve(index("Nintendo64", ["/roms/Ocarina of Time.z64"]), "Legend of Zelda: Ocarina of Time");
    expect(got).toMatchObject({ ok: true, strategy: STRATEGY.secondaryTitleExact, media: { name: "Ocarina of Time" } });
  });

  test("fuzzy: a typo", () => {
    const got = resolve(index("SNES", ["/games/snes/Donkey Kong Country.sfc"]), "Donky Kong Country");
    expect(got).toMatchObject({ ok: true, strategy: STRATEGY.jaroWinklerDamerau, media: { name: "Donkey Kong Country" } });
  });

  test("main title only", () => {
    const got = resolve(index("NES", ["/games/nes/Legend of Zelda.nes"]), "Legend of Zelda: Ocarina of Time");
    expect(got).toMatchObject({ ok: true, strategy: STRATEGY.mainTitleOnly, media: { name: "Legend of Zelda" } });
  });

  test("progressive trim", () => {
    const got = resolve(index("SNES", ["/games/snes/Donkey Kong Country.sfc"]), "Donkey Kong Country Returns Tropical Freeze");
    expect(got).toMatchObject({ ok: true, strategy: STRATEGY.progressiveTrim, media: { name: "Donkey Kong Country" } });
  });

  test("conflicting tags: low confidence", () => {
    const got = resolve(index("NES", ["/games/nes/Super Mario Bros (Japan) (En).nes"]), "Super Mario Bros", [
      region("us"),
      lang("en"),
    ]);
    expect(got).toMatchObject({ ok: false, reason: "low_confidence" });
  });

  test("a tag type the file lacks is neutral", () => {
    const got = resolve(index("NES", ["/games/nes/Super Mario Bros (USA).nes"]), "Super Mario Bros", [region("us"), lang("en")]);
    expect(got.ok).toBe(true);
    if (got.ok) expect(got.confidence).toBeGreaterThanOrEqual(CONFIDENCE_HIGH);
  });

  test("tags written in the title filter like explicit ones", () => {
    const idx = index("NES", ["/games/nes/Super Mario Bros (Japan).nes", "/games/nes/Super Mario Bros (USA).nes"]);
    for (const q of ["Super Mario Bros (USA)", "Super Mario Bros (region:us)"]) {
      const got = resolve(idx, q);
      expect(got).toMatchObject({ ok: true, strategy: STRATEGY.exactMatch, media: { mediaId: 2 } });
      if (got.ok) expect(got.confidence).toBeGreaterThanOrEqual(CONFIDENCE_HIGH);
    }
  });

  test("the trace names each strategy tried and the rule that chose", () => {
    const got = resolve(index("SNES", ["/games/snes/Donkey Kong Country.sfc"]), "Donkey Kong Country Returns Tropical Freeze");
    const text = got.trace.join("\n");
    for (const s of [STRATEGY.exactMatch, STRATEGY.secondaryTitleExact, STRATEGY.mainTitleOnly, STRATEGY.progressiveTrim]) {
      expect(text).toContain(s);
    }
    expect(text).toContain("single result");
  });

  test("preferred region, then file type order of the launchers", () => {
    const idx = index("Genesis", [
      "/r/Sonic (Europe).md",
      "/r/Sonic (USA, Europe).bin",
      "/r/Sonic (USA, Europe).md",
      "/r/Sonic (Japan).md",
    ]);
    const plain = resolve(idx, "Sonic");
    expect(plain).toMatchObject({ ok: true, media: { path: "/r/Sonic (USA, Europe).md" } });
    const byLauncher = resolveTitle(
      {
        systemId: "Genesis",
        gameName: "Sonic",
        mediaType: "Game",
        preferences: { regions: ["us"], langs: ["en"] },
        launcherExtensions: [[".bin", ".md"]],
      },
      idx,
    );
    expect(byLauncher).toMatchObject({ ok: true, media: { path: "/r/Sonic (USA, Europe).bin" } });
  });
});
