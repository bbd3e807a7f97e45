/**
 * Differential check against the reference's own title resolution (test/data/oracle/resolve.jsonl, produced by
 * the oracle built from zaparoo-core): every query resolved over the same library (the No-Intro names of
 * test/data/rom-names under /roms/<SystemId>/) must pick the same file with the same strategy and confidence,
 * or fail the same way.
 */
import { describe, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { preferencesFromConfig } from "../../../src/core/titles/preferences.ts";
import { TagFilterError } from "../../../src/core/tags/index.ts";
import { parseTagFilterStrings } from "../../../src/core/titles/query-tags.ts";
import { resolveTitle } from "../../../src/core/titles/resolve.ts";
import type { MediaType } from "../../../src/core/titles/slug-fns.ts";
import { TitleIndex } from "../../../src/core/titles/title-index.ts";
import type { TagFilter, TagOperator } from "../../../src/core/titles/types.ts";

const DATA = join(import.meta.dir, "../../data");
const RESOLVE = join(DATA, "oracle/resolve.jsonl");

interface Line {
  input: { system: string; title: string; tags?: (string | { type: string; value: string; operator?: string })[] };
  output: { path?: string; strategy?: string; confidence?: number; error?: string };
}

type Answer = { path: string; strategy: string; confidence: number } | { failure: string };

const FAILURES: [string, string][] = [
  ["no matching title found", "no_match"],
  ["match confidence below minimum threshold", "low_confidence"],
  ["slugified to empty string", "empty_slug"],
  ["failed to lookup system", "unknown_system"],
  ["invalid advanced arguments", "invalid_tags"],
];

function expected(out: Line["output"]): Answer {
  if (out.error === undefined) return { path: out.path ?? "", strategy: out.strategy ?? "", confidence: out.confidence ?? 0 };
  const hit = FAILURES.find(([text]) => out.error?.includes(text));
  return { failure: hit ? hit[1] : `other: ${out.error}` };
}

function loadLines<T>(file: string): T[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => JSON.parse(l) as T);
}

describe.skipIf(!existsSync(RESOLVE))("title resolution against the reference", () => {
  const systemOf = new Map<string, string>();
  for (const l of loadLines<{ input: { name: string }; output: { id?: string } }>(join(DATA, "oracle/system-names.jsonl"))) {
    if (l.output.id) systemOf.set(l.input.name, l.output.id);
  }
  const mediaTypes = new Map(
    (JSON.parse(readFileSync(join(DATA, "oracle/systems.json"), "utf8")) as { id: string; mediaType: MediaType }[]).map(
      (s) => [s.id, s.mediaType],
    ),
  );
  const indexes = new Map<string, TitleIndex>();
  const indexFor = (systemId: string): TitleIndex => {
    let idx = indexes.get(systemId);
    if (!idx) {
      const file = join(DATA, "rom-names", `${systemId}.txt`);
      const names = existsSync(file) ? readFileSync(file, "utf8").split("\n").filter((n) => n !== "") : [];
      idx = new TitleIndex(
        names.map((name, i) => ({ id: i + 1, systemId, path: `/roms/${systemId}/${name}` })),
        { systemId, mediaType: mediaTypes.get(systemId) ?? "Game" },
      );
      indexes.set(systemId, idx);
    }
    return idx;
  };
  const prefs = preferencesFromConfig([], []);

  function actual(input: Line["input"]): Answer {
    const systemId = systemOf.get(input.system);
    if (!systemId) return { failure: "unknown_system" };
    let tags: TagFilter[] = [];
    try {
      const strings = (input.tags ?? []).filter((t): t is string => typeof t === "string");
      const objects = (input.tags ?? []).filter((t) => typeof t !== "string");
      tags = [
        ...objects.map((t) => ({ type: t.type, value: t.value, operator: (t.operator || "AND") as TagOperator })),
        ...(strings.length > 0 ? parseTagFilterStrings(strings) : []),
      ];
    } catch (e) {
      if (e instanceof TagFilterError) return { failure: "invalid_tags" };
      throw e;
    }
    const got = resolveTitle(
      {
        systemId,
        gameName: input.title,
        mediaType: mediaTypes.get(systemId) ?? "Game",
        additionalTags: tags,
        preferences: prefs,
      },
      indexFor(systemId),
    );
    if (!got.ok) return { failure: got.reason };
    return { path: got.media.path, strategy: got.strategy, confidence: got.confidence };
  }

  test("every query gives the reference's answer", () => {
    const lines = loadLines<Line>(RESOLVE);
    const diffs: { input: Line["input"]; want: Answer; got: Answer }[] = [];
    for (const line of lines) {
      const want = expected(line.output);
      const got = actual(line.input);
      if (JSON.stringify(got) !== JSON.stringify(want)) diffs.push({ input: line.input, want, got });
    }
    console.info(`${lines.length - diffs.length} of ${lines.length} queries identical`);
    if (diffs.length > 0) {
      console.error(`${diffs.length} of ${lines.length} differ; first:`, JSON.stringify(diffs.slice(0, 10), null, 1));
    }
    expect(diffs).toEqual([]);
  }, 600_000);
});
