import { describe, expect, test } from "bun:test";
import { systemCatalog } from "../../../src/core/systems/catalog.ts";
import vectors from "./reference-vectors.json" with { type: "json" };

// The reference's own systemdefs test vectors (test/unit/systems/reference-vectors.json).
const catalog = systemCatalog();
const byId = (id: string) => {
  const s = catalog.byIdExact(id);
  if (!s) throw new Error(`no system ${id}`);
  return s;
};

describe("lookupSystem: the reference's vectors", () => {
  for (const { test: name, cases } of vectors.lookups) {
    test(name, () => {
      const got = cases.map(([input]) => [input, catalog.lookupSystem(input as string)?.id]);
      expect(got).toEqual(cases);
    });
  }

  test("unknown names resolve to nothing", () => {
    for (const name of vectors.unknown) expect(catalog.lookupSystem(name)).toBeUndefined();
  });

  test("TV and Music, the old ids, are aliases of TVEpisode and MusicTrack", () => {
    expect(byId("TVEpisode").aliases).toContain("TV");
    expect(byId("MusicTrack").aliases).toContain("Music");
  });
});

describe("system definitions: the reference's vectors", () => {
  test("the systems of issue 655 are defined, and Pinball", () => {
    expect(vectors.issue655Systems).toHaveLength(71);
    for (const id of [...vectors.issue655Systems, "Pinball"]) expect(catalog.byIdExact(id)?.id).toBe(id);
  });

  test("media types of the media systems", () => {
    for (const [id, type] of vectors.mediaTypes) expect([id, byId(id as string).mediaType]).toEqual([id, type]);
  });

  test("game systems have the Game media type", () => {
    for (const id of vectors.gameSystems) expect([id, byId(id).mediaType]).toEqual([id, "Game"]);
  });

  test("every media type is one the reference names", () => {
    const valid = new Set(["Game", "Movie", "TVShow", "Music", "Image", "Audio", "Video", "Application"]);
    expect(catalog.all.filter((s) => !valid.has(s.mediaType)).map((s) => s.id)).toEqual([]);
  });

  test("fallbacks of the media systems", () => {
    for (const [id, want] of vectors.fallbacks) expect([id, byId(id as string).fallbacks]).toEqual([id, want]);
  });

  test("systems with fallbacks", () => {
    for (const { input, want } of vectors.systemsWithFallbacks) {
      expect(catalog.withFallbacks(input.map(byId)).map((s) => s.id)).toEqual(want);
    }
  });
});
