import { describe, expect, test } from "bun:test";
import * as slugs from "../../../src/core/slugs/index.ts";
import reference from "./reference-vectors.json" with { type: "json" };
import stages from "./stage-vectors.json" with { type: "json" };

// Vectors of the reference's slugs package: every call its own unit tests make (reference-vectors.json), and its
// stage functions run over those tests' strings (stage-vectors.json). Each row is [arguments..., result].
type Row = unknown[];

const s1 = (f: (s: string) => unknown) => (args: Row) => f(args[0] as string);
const typed = (f: (mediaType: string, s: string) => unknown) => (args: Row) => f(args[0] as string, args[1] as string);

const functions: Record<string, (args: Row) => unknown> = {
  slugify: typed(slugs.slugify),
  slugifyWithTokens: typed(slugs.slugifyWithTokens),
  parseWithMediaType: typed(slugs.parseWithMediaType),
  normalizeToWords: s1(slugs.normalizeToWords),
  parseGame: s1(slugs.parseGame),
  parseMovie: s1(slugs.parseMovie),
  parseMusic: s1(slugs.parseMusic),
  parseTVShow: s1(slugs.parseTVShow),
  normalizeWidth: s1(slugs.normalizeWidth),
  normalizePunctuation: s1(slugs.normalizePunctuation),
  normalizeUnicode: s1((s) => slugs.normalizeUnicode(s)),
  normalizeSymbolsAndSeparators: s1(slugs.normalizeSymbolsAndSeparators),
  stripMetadataBrackets: s1(slugs.stripMetadataBrackets),
  stripEditionAndVersionSuffixes: s1(slugs.stripEditionAndVersionSuffixes),
  collapseDottedInitialisms: s1(slugs.collapseDottedInitialisms),
  expandAbbreviations: s1(slugs.expandAbbreviations),
  expandNumberWords: s1(slugs.expandNumberWords),
  normalizeOrdinals: s1(slugs.normalizeOrdinals),
  convertRomanNumerals: s1(slugs.convertRomanNumerals),
  stripLeadingArticle: s1(slugs.stripLeadingArticle),
  stripTrailingArticle: s1(slugs.stripTrailingArticle),
  splitTitle: s1(slugs.splitTitle),
  splitAndStripArticles: s1(slugs.splitAndStripArticles),
  stripSceneTags: s1(slugs.stripSceneTags),
  normalizeDotSeparators: s1(slugs.normalizeDotSeparators),
  stripMovieSceneTags: s1(slugs.stripMovieSceneTags),
  stripMusicSceneTags: s1(slugs.stripMusicSceneTags),
  detectScript: s1(slugs.detectScript),
  isThai: s1(slugs.isThai),
  generateBigrams: s1(slugs.generateBigrams),
  generateTrigrams: s1(slugs.generateTrigrams),
  jaccardSimilarity: (args) => slugs.jaccardSimilarity(args[0] as string[], args[1] as string[]),
};

for (const [file, data] of [
  ["reference-vectors.json", reference],
  ["stage-vectors.json", stages],
] as const) {
  describe(`slugs: ${file}`, () => {
    for (const [name, rows] of Object.entries(data.vectors as Record<string, Row[]>)) {
      test(`${name} (${rows.length} vectors)`, () => {
        const f = functions[name];
        expect(f).toBeDefined();
        const failures: unknown[] = [];
        for (const row of rows) {
          const args = row.slice(0, -1);
          const want = row.at(-1);
          const got = f?.(args);
          const same = typeof want === "number" ? Math.abs((got as number) - want) < 1e-12 : Bun.deepEquals(got, want);
          if (!same) failures.push({ args, want, got });
        }
        expect(failures).toEqual([]);
      });
    }
  });
}
