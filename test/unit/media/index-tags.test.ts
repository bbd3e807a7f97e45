import { describe, expect, test } from "bun:test";
import { indexTagsOfFile } from "../../../src/core/media/index-tags.ts";
import { readOracle } from "../../fixtures/oracle-library.ts";

type TagsLine = { filename: string; mediaType: string };
type TagsAnswer = { indexTags?: { type: string; value: string }[] };

/**
 * The tags the index stores for a file are the reference indexer's, checked against its own code's answers
 * (test/data/oracle/tags.jsonl.gz: every real No-Intro name of nine systems and its tags tests' strings).
 */
describe("index tags of a file name, as the reference's indexer stores them", () => {
  test("identical for every oracle line, the extension tag first", () => {
    const lines = readOracle<TagsLine, TagsAnswer>("tags.jsonl.gz");
    expect(lines.length).toBeGreaterThan(35_000);
    const differ: string[] = [];
    for (const { input, output } of lines) {
      if (input.filename.includes("/")) continue; // a test string, no file name: the reference takes what follows the slash
      const want = (output.indexTags ?? []).map((t) => `${t.type}:${t.value}`);
      const got = [...indexTagsOfFile(input.filename, false, input.mediaType)];
      if (JSON.stringify(got) !== JSON.stringify(want)) differ.push(`${input.filename}: ${got.join(" ")} ≠ ${want.join(" ")}`);
    }
    expect(differ.slice(0, 20)).toEqual([]);
  });

  test("examples: vocabulary values, open-ended types, a name taken whole", () => {
    expect(indexTagsOfFile("Super Mario World (USA).sfc", false, "Game")).toEqual(["extension:sfc", "region:us", "lang:en"]);
    expect(indexTagsOfFile("Game (Europe) (Rev 2).SFC", false, "Game")[0]).toBe("extension:sfc");
    expect(indexTagsOfFile("Half-Life 2", true, "Game").some((t) => t.startsWith("extension:"))).toBe(false);
    // one list per distinct set: the index keys tag sets by identity
    expect(indexTagsOfFile("A (USA).sfc", false, "Game")).toBe(indexTagsOfFile("B (USA).sfc", false, "Game"));
  });
});
