import { describe, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { slugifyWithTokens } from "../../../src/core/slugs/index.ts";

// Differential check against the reference's own answers (test/data/oracle/slugify.jsonl, written by
// test/oracle/regen.sh): every line's slug and tokens.
const file = new URL("../../data/oracle/slugify.jsonl", import.meta.url).pathname;

function readText(): string | undefined {
  if (existsSync(file)) return readFileSync(file, "utf8");
  if (existsSync(`${file}.gz`)) return gunzipSync(readFileSync(`${file}.gz`)).toString("utf8");
  return undefined;
}

interface Line {
  input: { mediaType: string; text: string };
  output: { slug: string; tokens: string[] | null };
}

const text = readText();
describe.skipIf(text === undefined)("slugify against test/data/oracle/slugify.jsonl", () => {
  test("every line identical", () => {
    const lines = (text ?? "").split("\n").filter((l) => l !== "");
    const failures: unknown[] = [];
    for (const line of lines) {
      const { input, output } = JSON.parse(line) as Line;
      const got = slugifyWithTokens(input.mediaType, input.text);
      if (got.slug !== output.slug || !Bun.deepEquals(got.tokens, output.tokens ?? [])) {
        failures.push({ input, want: output, got });
        if (failures.length >= 20) break;
      }
    }
    expect(failures).toEqual([]);
    expect(lines.length).toBeGreaterThan(0);
  });
});
