import { describe, expect, test } from "bun:test";
import {
  MediaTypeGame,
  MediaTypeMovie,
  MediaTypeMusic,
  MediaTypeTVShow,
  needsNGramMatching,
  needsUnicodeSlug,
  ScriptAmharic,
  ScriptArabic,
  ScriptBurmese,
  ScriptCJK,
  ScriptCyrillic,
  ScriptGreek,
  ScriptHebrew,
  ScriptIndic,
  ScriptKhmer,
  ScriptLao,
  ScriptLatin,
  ScriptThai,
  slugify,
  slugifyWithTokens,
  type ScriptType,
} from "../../../src/core/slugs/index.ts";
import cases from "./edge-cases.json" with { type: "json" };

// Where Go's string and Unicode handling differs from JavaScript's: Go's white space (U+0085 is space, U+FEFF is
// not; its regexp `\s` has no \v), per-character lower case ("İ" → "i", "Σ" never final "ς"), RE2's `(?i)` folding
// the Kelvin sign and long s, the dotless "ı" upper-casing to a Roman "I", width folding, long runs of combining
// marks, astral characters. Expected values are the reference's answers (built from its code, see oracle/).
// Row: [input, Game slug, Game tokens, TVShow slug, Movie slug, Music slug].
type Row = [string, string, string[], string, string, string];

describe("slugs: Go string and Unicode semantics", () => {
  test.each(cases as Row[])("%j", (input, game, tokens, tv, movie, music) => {
    expect(slugifyWithTokens(MediaTypeGame, input)).toEqual({ slug: game, tokens });
    expect(slugify(MediaTypeTVShow, input)).toBe(tv);
    expect(slugify(MediaTypeMovie, input)).toBe(movie);
    expect(slugify(MediaTypeMusic, input)).toBe(music);
  });
});

describe("slugs: script classes", () => {
  const all: ScriptType[] = [
    ScriptLatin,
    ScriptCJK,
    ScriptCyrillic,
    ScriptGreek,
    ScriptIndic,
    ScriptArabic,
    ScriptHebrew,
    ScriptThai,
    ScriptBurmese,
    ScriptKhmer,
    ScriptLao,
    ScriptAmharic,
  ];

  test("the reference's numbering", () => {
    expect(all).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });

  test("every script but Latin keeps its letters in slugs", () => {
    expect(all.filter(needsUnicodeSlug)).toEqual(all.slice(1));
  });

  test("Thai, Burmese, Khmer and Lao need n-gram matching", () => {
    expect(all.filter(needsNGramMatching)).toEqual([ScriptThai, ScriptBurmese, ScriptKhmer, ScriptLao]);
  });
});

describe("slugs: unknown media types", () => {
  test("pass their title to the shared pipeline unparsed", () => {
    expect(slugify("Image", "The Game (USA)")).toBe("thegameusa");
    expect(slugify("Nonsense", "The Game (USA)")).toBe("thegameusa");
  });
});
