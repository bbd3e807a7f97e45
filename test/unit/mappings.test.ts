import { describe, expect, test } from "bun:test";
import { findMapping, type Mapping, mappingMatches, normaliseUid, patternProblem } from "../../src/core/mappings.ts";

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
