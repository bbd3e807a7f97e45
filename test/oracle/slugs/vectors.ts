// Writes the slugs test data from the reference's answers (see regenerate.sh):
//   bun vectors.ts REVISION CALLS.jsonl STAGES.jsonl EDGE.jsonl OUT_DIR
import { readFileSync, writeFileSync } from "node:fs";

const [revision, callsFile, stagesFile, edgeFile, outDir] = process.argv.slice(2) as [string, string, string, string, string];
const jsonLines = (file: string): Record<string, unknown>[] =>
  readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => JSON.parse(l) as Record<string, unknown>);

const camel = (name: string): string => name.charAt(0).toLowerCase() + name.slice(1);
const LIST_RESULTS = new Set(["normalizeToWords", "generateBigrams", "generateTrigrams"]);

/** One vector per line, grouped by function, in first-seen order. */
function write(file: string, source: string, groups: Map<string, unknown[][]>): void {
  const body = [...groups]
    .filter(([, rows]) => rows.length > 0)
    .map(([fn, rows]) => `    ${JSON.stringify(fn)}: [\n${rows.map((r) => `      ${JSON.stringify(r)}`).join(",\n")}\n    ]`)
    .join(",\n");
  writeFileSync(`${outDir}/${file}`, `{\n  "source": ${JSON.stringify(source)},\n  "vectors": {\n${body}\n  }\n}\n`);
}

function group(rows: Record<string, unknown>[], keep: (fn: string, row: Record<string, unknown>) => boolean): Map<string, unknown[][]> {
  const groups = new Map<string, unknown[][]>();
  const seen = new Set<string>();
  for (const row of rows) {
    const fn = camel(row.fn as string);
    let out = row.out;
    if (fn === "slugifyWithTokens") out = { ...(out as object), tokens: (out as { tokens: unknown }).tokens ?? [] };
    if (LIST_RESULTS.has(fn)) out ??= [];
    const vector = [...(row.args as unknown[]), out];
    const key = JSON.stringify([fn, vector]);
    if (seen.has(key) || !keep(fn, row)) continue;
    seen.add(key);
    groups.set(fn, [...(groups.get(fn) ?? []), vector]);
  }
  return groups;
}

const prefix = `zaparoo-core ${revision} pkg/database/slugs`;
write(
  "reference-vectors.json",
  `${prefix}: every call its own unit tests make to an exported function (arguments..., result), ` +
    "recorded by test/oracle/slugs/regenerate.sh",
  group(jsonLines(callsFile), () => true),
);
const STAGES = [
  "stripMetadataBrackets",
  "splitTitle",
  "splitAndStripArticles",
  "expandAbbreviations",
  "expandNumberWords",
  "stripSceneTags",
  "normalizeDotSeparators",
  "stripMovieSceneTags",
  "stripMusicSceneTags",
  "detectScript",
];
const stageGroups = group(
  jsonLines(stagesFile),
  (fn, row) => STAGES.includes(fn) && !(fn === "detectScript" && row.out === 0),
);
write(
  "stage-vectors.json",
  `${prefix}: stage functions the reference's unit tests do not call directly, run over every string literal of ` +
    "those tests (only results that differ from the input; detectScript only where not Latin), " +
    "by test/oracle/slugs/regenerate.sh",
  new Map(STAGES.map((fn) => [fn, stageGroups.get(fn) ?? []])),
);
type Res = { s: string; t: string[] | null };
const edge = jsonLines(edgeFile).map((r) => {
  const at = (t: string) => r[t] as Res;
  return [r.in, at("Game").s, at("Game").t ?? [], at("TVShow").s, at("Movie").s, at("Music").s];
});
writeFileSync(`${outDir}/edge-cases.json`, `[\n${edge.map((r) => `  ${JSON.stringify(r)}`).join(",\n")}\n]\n`);
