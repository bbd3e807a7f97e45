import { describe, expect, test } from "bun:test";
import { findMapping, type Mapping, mappingMatches, normaliseUid, patternProblem } from "../../src/core/mappings.ts";
import { REFUSED_PATTERNS, REGEX_CASES, regexCaseFailures, runCase } from "./mappings-regex-cases.ts";

let nextId = 1;
const mapping = (m: Partial<Mapping>): Mapping => ({
  id: nextId++,
  added: "2026-01-01T00:00:00.000Z",
  label: "",
  enabled: true,
  type: "text",
  match: "exact",
  pattern: "x",
  override: "**echo:mapped",
  ...m,
});
const token = (t: Partial<{ uid: string; text: string; data: string }>) => ({ uid: "", text: "", data: "", ...t });

describe("mappings", () => {
  test("UIDs are normalised on both sides", () => {
    expect(normaliseUid("04:AA bb:CC")).toBe("04aabbcc");
    const m = mapping({ type: "uid", pattern: "04:AA:BB" });
    expect(mappingMatches(m, token({ uid: "04aabb" }))).toBe(true);
    expect(mappingMatches(m, token({ uid: "04 AA BB" }))).toBe(true);
    expect(mappingMatches(m, token({ uid: "04aabbcc" }))).toBe(false);
    expect(mappingMatches({ ...m, match: "partial" }, token({ uid: "04aabbcc" }))).toBe(true);
  });

  test("data is compared as lowercase hex", () => {
    const m = mapping({ type: "data", match: "partial", pattern: "DEADBEEF" });
    expect(mappingMatches(m, token({ data: "00deadbeef00" }))).toBe(true);
    expect(mappingMatches(mapping({ type: "data", match: "regex", pattern: "^00de" }), token({ data: "00DEAD" }))).toBe(true);
  });

  test("text is case-sensitive; regex matches anywhere unless anchored", () => {
    expect(mappingMatches(mapping({ pattern: "Mario" }), token({ text: "mario" }))).toBe(false);
    expect(mappingMatches(mapping({ match: "regex", pattern: "ar+io" }), token({ text: "SNES/Mario.sfc" }))).toBe(true);
  });

  test("an empty token field never matches", () => {
    expect(mappingMatches(mapping({ type: "uid", match: "regex", pattern: ".*" }), token({ text: "a" }))).toBe(false);
  });

  test("first enabled match by ascending id wins, regardless of list order", () => {
    const a = mapping({ id: 10, match: "partial", pattern: "a", override: "A" });
    const b = mapping({ id: 5, match: "partial", pattern: "b", override: "B" });
    const c = mapping({ id: 1, match: "partial", pattern: "a", override: "C", enabled: false });
    expect(findMapping([a, b, c], token({ text: "ab" }))?.override).toBe("B");
    expect(findMapping([a, c], token({ text: "a" }))?.override).toBe("A");
    expect(findMapping([c], token({ text: "a" }))).toBeUndefined();
  });

  test("pattern validation", () => {
    expect(patternProblem("regex", "(")).toContain("regular expression");
    expect(patternProblem("exact", "")).toContain("empty");
    expect(patternProblem("regex", "^04")).toBeNull();
  });
});

describe("regex mappings (linear-time engine)", () => {
  test.each(REGEX_CASES.map((c) => [c.name, c] as const))("%s", (_name, c) => {
    expect(runCase(c)).toBe(c.expected);
  });

  const shown = (p: string) => (p.length > 40 ? `${p.slice(0, 12)}… (${p.length} chars)` : p);
  test.each(REFUSED_PATTERNS.map(([p, r]) => [shown(p), r, p] as const))("%s is refused, the reason naming %p", (_shown, reason, pattern) => {
    const problem = patternProblem("regex", pattern);
    expect(problem).toContain("pattern is");
    expect(problem).toContain(reason);
  });

  test("the shared case list (also run on Node) passes as a whole", () => {
    expect(regexCaseFailures()).toEqual([]);
  });

  test("a backreference is refused with a reason that says so", () => {
    expect(patternProblem("regex", "(a)\\1")).toBe(
      "pattern is not a valid regular expression (RE2 syntax): backreferences such as \\1 are not supported (invalid escape sequence: `\\1`)",
    );
  });

  test("only regex patterns are limited in length: a long exact data pattern is fine", () => {
    expect(patternProblem("exact", "ab".repeat(1000))).toBeNull();
    expect(patternProblem("regex", "a".repeat(1024))).toBe("pattern is too complex (1026 instructions; at most 1000): use smaller counted repetitions such as {n}");
    expect(patternProblem("regex", "a".repeat(900))).toBeNull();
  });

  test("a stored regex the engine refuses never matches, and is reported once per mapping", () => {
    const refused = mapping({ match: "regex", pattern: "(a)\\1", override: "R" });
    const fine = mapping({ match: "partial", pattern: "a", override: "F" });
    const reports: Array<[number, string]> = [];
    const report = (m: Mapping, reason: string) => reports.push([m.id, reason]);
    for (let i = 0; i < 3; i++) expect(findMapping([refused, fine], token({ text: "aa" }), report)?.override).toBe("F");
    expect(reports).toEqual([[refused.id, expect.stringContaining("backreferences")]]);
    // a reloaded list (new objects) is reported again, once
    findMapping([{ ...refused }], token({ text: "aa" }), report);
    expect(reports).toHaveLength(2);
  });

  test("a changed pattern is compiled again", () => {
    const m = mapping({ match: "regex", pattern: "^a" });
    expect(mappingMatches(m, token({ text: "ab" }))).toBe(true);
    expect(mappingMatches({ ...m, pattern: "^b" }, token({ text: "ab" }))).toBe(false);
  });
});
