/**
 * The reference's answers for every string literal of its own tags tests: whole-name parses for the media
 * types the oracle's Game vectors do not cover (none, Music, TVShow, Movie; tags, title, title without a list
 * number, per-file display title), and the parser's steps one by one. Regenerate with build/tag-vectors.ts.
 */
import { describe, expect, test } from "bun:test";
import * as tags from "../../../src/core/tags/index.ts";
import { extractTags } from "../../../src/core/tags/extract-groups.ts";
import { stripSceneArtifacts } from "../../../src/core/tags/scene-artifacts.ts";
import { extractSpecialPatterns } from "../../../src/core/tags/special-patterns.ts";
import type { MediaType } from "../../../src/core/slugs/index.ts";
import { readVectors, triples } from "./helpers.ts";

interface Input {
  fn: string;
  s: string;
  mt?: string;
  t?: string;
}

function answer({ fn, s, mt = "", t = "" }: Input): unknown {
  const media = mt as MediaType | "";
  switch (fn) {
    case "":
      return {
        display: tags.parseDisplayTitleFromFilenameForMedia(s, false, media),
        tags: triples(tags.parseFilenameToCanonicalTagsForMedia(s, media)),
        title: tags.parseTitleFromFilenameForMedia(s, false, media),
        titleN: tags.parseTitleFromFilenameForMedia(s, true, media),
      };
    case "special": {
      const r = extractSpecialPatterns(s, media);
      return { remaining: r.remaining, tags: triples(r.tags) };
    }
    case "groups": {
      const r = extractTags(s);
      return [r.parenTags, r.bracketTags];
    }
    case "scene":
      return stripSceneArtifacts(s);
    case "normalizeTag":
      return tags.normalizeTag(s);
    case "normalizeTagValue":
      return tags.normalizeTagValue(t, s);
    case "pad":
      return [tags.padTagValue(s), tags.unpadTagValue(s)];
    default:
      throw new Error(`unknown step ${fn}`);
  }
}

/** JSON with object keys sorted (the harness writes them sorted). */
const sortedJson = (v: unknown): string =>
  JSON.stringify(v, (_k, x: unknown) =>
    x && typeof x === "object" && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).sort()) : x,
  );

const vectors = readVectors<Input, unknown>(new URL("./reference-vectors.jsonl.gz", import.meta.url).pathname);

describe("the reference's answers on its own test strings", () => {
  test("vectors are present", () => {
    expect(vectors.length).toBeGreaterThan(10_000);
  });

  for (const step of ["", "special", "groups", "scene", "normalizeTag", "normalizeTagValue", "pad"]) {
    test(`step ${step || "parse"}: every vector`, () => {
      const wrong: string[] = [];
      for (const v of vectors) {
        if (v.input.fn !== step) continue;
        const got = answer(v.input);
        if (sortedJson(got) !== sortedJson(v.output)) wrong.push(`${JSON.stringify(v.input)}: ${JSON.stringify(got)}`);
      }
      expect(wrong.slice(0, 5)).toEqual([]);
    });
  }
});
