/**
 * Every stored oracle answer of the reference's file-name parser (test/data/oracle/tags.jsonl.gz: every ROM
 * name of the stored DATs and every literal of the reference's tags tests, media type Game): the title and
 * the canonical tags, in order, with their sources.
 */
import { describe, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import * as tags from "../../../src/core/tags/index.ts";
import { readVectors } from "./helpers.ts";

interface Input {
  filename: string;
  mediaType: string;
}
interface Output {
  title: string;
  tags: { type: string; value: string; source: string }[];
}

const path = new URL("../../data/oracle/tags.jsonl.gz", import.meta.url).pathname;

describe.skipIf(!existsSync(path))("oracle tags vectors", () => {
  const vectors = existsSync(path) ? readVectors<Input, Output>(path) : [];

  test("every title", () => {
    const wrong = vectors
      .filter((v) => tags.parseTitleFromFilenameForMedia(v.input.filename, false, "Game") !== v.output.title)
      .map((v) => v.input.filename);
    expect(vectors.length).toBeGreaterThan(30_000);
    expect(wrong.slice(0, 5)).toEqual([]);
  });

  test("every tag list", () => {
    const wrong = vectors
      .filter((v) => {
        const got = tags.parseFilenameToCanonicalTagsForMedia(v.input.filename, "Game");
        return JSON.stringify(got.map((t) => ({ type: t.type, value: t.value, source: t.source }))) !== JSON.stringify(v.output.tags);
      })
      .map((v) => v.input.filename);
    expect(wrong.slice(0, 5)).toEqual([]);
  });
});
