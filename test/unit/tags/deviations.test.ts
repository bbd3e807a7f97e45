import { describe, expect, test } from "bun:test";
import { indexTagsOfFile } from "../../../src/core/media/index-tags.ts";
import { parseFilenameToCanonicalTagsForMedia, parseTitleFromFilenameForMedia } from "../../../src/core/tags/index.ts";

/** Where this parser deviates from the reference's on purpose (README: deviation table). */
describe("tags: deviations from the reference", () => {
  test("`(vol` after a letter whose lower case is shorter in bytes: the reference panics, here the name parses", () => {
    // İ (2 bytes) lower-cases to i (1 byte) in Go, and the reference's scanner indexes the lower-cased text with
    // offsets of the original: the slice runs out of range and its indexer stops on this one file
    expect(() => parseFilenameToCanonicalTagsForMedia("KİNG (vol 2) (USA)", "Game")).not.toThrow();
    expect(parseFilenameToCanonicalTagsForMedia("KİNG (vol 2) (USA)", "Game").map((t) => `${t.type}:${t.value}`)).toContain("region:us");
    expect(parseTitleFromFilenameForMedia("KİNG (vol 2) (USA)", false, "Game")).toBe("KİNG");
    expect(indexTagsOfFile("KİNG (vol 2) (USA).sfc", false, "Game")[0]).toBe("extension:sfc");
  });
});
