/**
 * A TitleIndex reads a file's tags from its name only when a query needs them, and keeps a few hundred. Over the
 * real SNES names, every title's files must carry the tags the indexer stages for them and filter on them the
 * same, first read, read again after the cache has turned over, and when the tags were given with the rows.
 */
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { rowFragments } from "../../../src/core/titles/index-row.ts";
import { linkedTags, storedTagPredicate } from "../../../src/core/titles/stored-tags.ts";
import { TitleIndex, type TitleIndexRow } from "../../../src/core/titles/title-index.ts";
import type { MediaResult, TagFilter } from "../../../src/core/titles/types.ts";

const names = readFileSync(join(import.meta.dir, "../../data/rom-names/SNES.txt"), "utf8")
  .split("\n")
  .filter((n) => n !== "");
const rows: TitleIndexRow[] = names.map((name, i) => ({ id: i + 1, systemId: "SNES", path: `/roms/SNES/${name}` }));
const ALL = { minLength: 0, maxLength: 10_000, minWordCount: 0, maxWordCount: 10_000 };
const FILTERS: TagFilter[][] = [
  [],
  [{ type: "region", value: "us", operator: "AND" }],
  [{ type: "region", value: "jp", operator: "NOT" }],
  [
    { type: "lang", value: "fr", operator: "OR" },
    { type: "rev", value: "1", operator: "OR" },
  ],
];

/** What the index answered before tags were lazy: the eagerly staged and linked tags of each file. */
const eager = new Map(rows.map((r) => [r.path, linkedTags(rowFragments(r.path, "Game").tags)]));

const answers = (idx: TitleIndex) => {
  const out: MediaResult[][] = [];
  for (const { slug } of idx.getTitlesWithPreFilter("SNES", ALL)) {
    for (const filters of FILTERS) out.push(idx.searchMediaBySlug("SNES", slug, filters));
  }
  return out;
};

describe("TitleIndex with tags read when needed", () => {
  const idx = new TitleIndex(rows, { systemId: "SNES", mediaType: "Game" });
  const first = answers(idx);

  test("files carry the staged tags and filter on them as stored", () => {
    let files = 0;
    for (const { slug } of idx.getTitlesWithPreFilter("SNES", ALL)) {
      const unfiltered = idx.searchMediaBySlug("SNES", slug);
      for (const r of unfiltered) expect(r.tags).toEqual(eager.get(r.path) ?? []);
      files += unfiltered.length;
      for (const filters of FILTERS.slice(1)) {
        const accept = storedTagPredicate(filters);
        const want = unfiltered.filter((r) => accept(eager.get(r.path) ?? [])).map((r) => r.path);
        expect(idx.searchMediaBySlug("SNES", slug, filters).map((r) => r.path)).toEqual(want);
      }
    }
    expect(files).toBeGreaterThan(4000);
  });

  test("the same answers once the cache has turned over", () => {
    expect(answers(idx)).toEqual(first);
  });

  test("the same answers when the rows bring their titles and tags", () => {
    const hinted = rows.map((r) => {
      const f = rowFragments(r.path, "Game");
      return { ...r, title: f.title, tags: f.tags.filter((t) => t.type !== "extension") };
    });
    expect(answers(new TitleIndex(hinted, { systemId: "SNES", mediaType: "Game" }))).toEqual(first);
  });
});
