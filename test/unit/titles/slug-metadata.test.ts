import { describe, expect, test } from "bun:test";
import { generateSlugWithMetadata } from "../../../src/core/titles/slug-metadata.ts";

// Vectors of the reference's pkg/database/mediadb/slug_metadata_test.go.
describe("generateSlugWithMetadata", () => {
  test.each([
    ["Super Mario Bros.", "supermariobrothers", 18, 3],
    ["zelda", "zelda", 5, 1],
    ["ドラゴンクエスト", "ドラゴンクエスト", 8, 7],
    ["", "", 0, 0],
    ["Final Fantasy VII (USA) [!]", "finalfantasy7", 13, 3],
  ] as const)("%p", (input, slug, length, words) => {
    expect(generateSlugWithMetadata("Game", input)).toMatchObject({ slug, slugLength: length, slugWordCount: words });
  });

  test.each([
    ["ドラゴンクエスト", 7],
    ["マリオカート", 5],
    ["ゼルダ", 2],
    ["龍", 1],
  ] as const)("CJK %p counts %p bigrams", (input, bigrams) => {
    expect(generateSlugWithMetadata("Game", input).slugWordCount).toBe(bigrams);
  });

  test.each([
    ["Game", "Super Mario Bros", "supermariobrothers", ""],
    ["Game", "The Legend of Zelda: Ocarina of Time", "legendofzeldaocarinaoftime", "ocarinaoftime"],
    ["TVShow", "Breaking Bad - 1x02 - Gray Matter", "breakingbads01e02graymatter", "graymatters01e02"],
    ["TVShow", "Attack on Titan - S01E05 - First Battle", "attackontitans01e05firstbattle", "firstbattles01e05"],
    ["Movie", "The Matrix (1999)", "matrix", ""],
    ["Game", "Lost - S01E01", "losts01e01", "s01e01"],
    ["Music", "The Beatles - Hey Jude", "beatlesheyjude", "heyjude"],
    ["Game", "Breaking Bad - 1x02", "breakingbad1x02", "1x02"],
  ] as const)("%p %p", (mediaType, input, slug, secondarySlug) => {
    const meta = generateSlugWithMetadata(mediaType, input);
    expect(meta).toMatchObject({ slug, secondarySlug });
    expect(meta.slugLength).toBeGreaterThan(0);
  });
});
