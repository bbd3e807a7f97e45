import { describe, expect, test } from "bun:test";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { indexTagsOfFile, parsedIndexTags, standInKey } from "../../../src/core/media/index-tags.ts";
import type { MediaType } from "../../../src/core/slugs/index.ts";
import { clearTagCaches } from "../../../src/core/tags/index.ts";
import { readOracle } from "../../fixtures/oracle-library.ts";
import { nameGenerator } from "../../fixtures/rom-names.ts";
import { clearRowNameCaches, rowTags } from "../../../src/core/media/row-names.ts";

/**
 * Index tags are remembered by a stand-in name (the tail behind a one-letter title) when the title part holds
 * nothing a pattern reads. This pins that the remembered answer is always what parsing the whole name gives,
 * over every real No-Intro name, every tag input of the oracle and generated names, in every media type, with
 * titles bent the ways that matter (no space before the tail, trailing punctuation, lower case, no extension).
 */
const MEDIA_TYPES: readonly MediaType[] = ["Game", "Movie", "TVShow", "Music", "Image", "Audio", "Video", "Application"];
const ROM_NAMES = join(import.meta.dir, "../../data/rom-names");

function realNames(): string[] {
  const names: string[] = [];
  for (const f of readdirSync(ROM_NAMES)) {
    if (!f.endsWith(".txt")) continue;
    for (const line of readFileSync(join(ROM_NAMES, f), "utf8").split("\n")) if (line !== "") names.push(line);
  }
  return names;
}

/** A name and the bent forms of it. */
function variants(name: string): string[] {
  const at = name.search(/[([{<]/);
  const title = at < 0 ? name : name.slice(0, at);
  const tail = at < 0 ? "" : name.slice(at);
  return [
    `${name}.sfc`,
    `${name}.SFC`,
    `${name}.zip`,
    name,
    `${title.trimEnd()}${tail}.nes`,
    `${title.trimEnd()}-${tail}.mp3`,
    `${title.trimEnd()}.${tail}.mkv`,
    `${title.toLowerCase()}${tail}.cue`,
    `${tail}.sfc`,
    `${title.trimEnd()} 2 ${tail}.sfc`,
    `${title.trimEnd()} v2 ${tail}.sfc`,
    `${title.trimEnd()} 1995${tail}.sfc`,
    `01 - ${title}${tail}.mp3`,
    `${title.trimEnd()} S01E02 #3 No. 4 ${tail}.mkv`,
    // a dot in the title, then something active and no extension after it: the title part ends at that dot only
    // when there is no group (the first group's bracket ends it otherwise)
    `${title.trimEnd()}.x #2${tail}`,
    `A.b ${title.trimEnd()} +${tail}`,
  ];
}

describe("remembered index tags", () => {
  test("equal the whole name's parse for every name, variant and media type", () => {
    clearTagCaches();
    const names = [...realNames()];
    const oracle = readOracle<{ filename: string }, unknown>("tags.jsonl.gz").map((l) => l.input.filename);
    const next = nameGenerator(7);
    for (let i = 0; i < 20_000; i++) names.push(next());
    expect(names.length).toBeGreaterThan(50_000);
    let remembered = 0;
    const differ: string[] = [];
    const check = (file: string, whole: boolean, mediaType: MediaType) => {
      const want = parsedIndexTags(file, whole, mediaType).join(" ");
      // twice: the first call fills the memo from the stand-in, the second reads it
      const first = indexTagsOfFile(file, whole, mediaType);
      const second = indexTagsOfFile(file, whole, mediaType);
      if (standInKey(file, whole, mediaType) !== undefined) remembered++;
      if (first.join(" ") !== want || second.join(" ") !== want) differ.push(`${mediaType} ${whole} ${file}: ${second.join(" ")} ≠ ${want}`);
    };
    for (const [i, name] of names.entries()) {
      // every name as a game's (the media type of almost every system, where digits in the title are inert), and in
      // one other media type by turns
      for (const mediaType of new Set<MediaType>(["Game", MEDIA_TYPES[i % MEDIA_TYPES.length]!])) {
        for (const file of variants(name)) check(file, false, mediaType);
        check(name, true, mediaType);
      }
    }
    for (const [i, file] of oracle.entries()) {
      for (const mediaType of [MEDIA_TYPES[i % MEDIA_TYPES.length]!, "Game" as MediaType]) {
        check(file, false, mediaType);
        check(file, true, mediaType);
      }
    }
    expect(differ.slice(0, 20)).toEqual([]);
    // the memo is taken for most names, or it would not be worth its rule
    expect(remembered).toBeGreaterThan(names.length * 4);
  }, 120_000);

  test("a title that holds a pattern is parsed whole", () => {
    for (const name of ["Pokemon Red Version (USA).gb", "Game v1.1 (USA).sfc", "Game T-Ger (USA).sfc", "Super Game Translation (Hack).sfc", "Game (USA) (PATCH) [!].sfc", "Game (Europe) (hack) (Rev 1).sfc", "ゲーム (Japan).sfc"]) {
      expect(standInKey(name, false, "Game")).toBeUndefined();
    }
    // digits: inert in a game's name, read in a song's (a track number) or a show's (a season)
    expect(standInKey("Super Mario Bros. 3 (USA).nes", false, "Game")).toBe("fGame\u0000x (USA).nes");
    expect(standInKey("01 - Song (Live).mp3", false, "Music")).toBeUndefined();
    expect(standInKey("Show 2 (2001).mkv", false, "TVShow")).toBeUndefined();
    expect(standInKey("Super Game (USA).sfc", false, "Game")).toBe("fGame\u0000x (USA).sfc");
    expect(indexTagsOfFile("Pokemon Red Version (USA).gb", false, "Game")).toEqual(parsedIndexTags("Pokemon Red Version (USA).gb", false, "Game"));
    expect(indexTagsOfFile("Game v1.1 (USA).sfc", false, "Game")).toContain("rev:1-1");
    expect(indexTagsOfFile("Game T-Ger (USA).sfc", false, "Game")).toEqual(parsedIndexTags("Game T-Ger (USA).sfc", false, "Game"));
    expect(indexTagsOfFile("Super Game Translation (Hack).sfc", false, "Game")).toEqual(
      parsedIndexTags("Super Game Translation (Hack).sfc", false, "Game"),
    );
  });
});

describe("giving the memory back", () => {
  test("after the caches are emptied, tags are parsed again alike", () => {
    const names = ["Super Mario World (USA).sfc", "Sonic 2 (Europe) (Rev 1).md", "Game v1.1 (Japan) [!].nes"];
    const before = names.map((n) => indexTagsOfFile(n, false, "Game").join(" "));
    clearRowNameCaches();
    expect(names.map((n) => indexTagsOfFile(n, false, "Game").join(" "))).toEqual(before);
    expect(names.map((n) => rowTags(n, null, "SNES"))).toEqual(before);
  });
});
