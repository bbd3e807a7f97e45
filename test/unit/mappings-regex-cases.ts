/**
 * Regex mapping cases as plain data, with no test framework: test/unit/mappings.test.ts runs them under Bun and
 * test/e2e/mapping-regex-node.test.ts runs `regexCaseFailures()` inside a program on Node (the MiSTer runtime).
 * The catastrophic cases are the proof that the linear engine is the one used: on a backtracking engine such as
 * JS RegExp, `^(a+)+$` against "aaaa…ab" would not finish in any test's lifetime; here it answers false.
 */
import { type Mapping, type MappingType, mappingMatches, patternProblem } from "../../src/core/mappings.ts";

export interface RegexCase {
  name: string;
  pattern: string;
  type?: MappingType;
  value: string;
  expected: boolean;
}

const aThenB = (length: number) => `${"a".repeat(length - 1)}b`;

export const REGEX_CASES: readonly RegexCase[] = [
  { name: "catastrophic ^(a+)+$, 30 chars", pattern: "^(a+)+$", value: aThenB(30), expected: false },
  { name: "catastrophic ^(a+)+$, 5000 chars", pattern: "^(a+)+$", value: aThenB(5000), expected: false },
  { name: "catastrophic ^(a+)+$, 8 KiB", pattern: "^(a+)+$", value: aThenB(8192), expected: false },
  { name: "catastrophic ^(a+)+$ still matches what it should", pattern: "^(a+)+$", value: "a".repeat(5000), expected: true },
  { name: "catastrophic (x+x+)+y, 8 KiB", pattern: "(x+x+)+y", value: "x".repeat(8192), expected: false },
  { name: "catastrophic ^(a|aa)*$, 8 KiB", pattern: "^(a|aa)*$", value: aThenB(8192), expected: false },
  { name: "only the first 8 KiB are matched: a needle past them is not seen", pattern: "needle", value: `${"x".repeat(8192)}needle`, expected: false },
  { name: "a needle ending exactly at 8 KiB is seen", pattern: "needle", value: `${"x".repeat(8186)}needle`, expected: true },
  { name: "$ means the end of the first 8 KiB", pattern: "^x+$", value: `${"x".repeat(8192)}y`, expected: true },
  { name: "unanchored, like RegExp#test", pattern: "ar+io", value: "SNES/Mario.sfc", expected: true },
  { name: "anchors and escapes", pattern: "^SNES/.*\\.(sfc|smc)$", value: "SNES/Mario.sfc", expected: true },
  { name: "inline case-insensitive flag", pattern: "(?i)^mario", value: "MARIO World", expected: true },
  { name: "Unicode classes", pattern: "^\\p{Greek}+$", value: "αβγ", expected: true },
  { name: "uid regex sees the normalised UID", pattern: "^04aabb$", type: "uid", value: "04:AA:BB", expected: true },
  { name: "data regex sees lowercase hex", pattern: "^00de", type: "data", value: "00DEAD", expected: true },
];

/** Patterns JS RegExp accepts and RE2 refuses, with a fragment of the reason given. */
export const REFUSED_PATTERNS: ReadonlyArray<[pattern: string, reason: string]> = [
  ["(a)\\1", "backreferences"],
  ["foo(?=bar)", "lookahead and lookbehind"],
  ["(?<!a)b", "lookahead and lookbehind"],
  ["a++", "possessive"],
  ["a{2000}", "{1000}"],
  ["[", "missing closing ]"],
  ["a".repeat(1025), "too long"],
  ["[\\s\\S]{1000}[\\s\\S]{1000}", "too complex"],
];

export function regexMapping(pattern: string, type: MappingType = "text"): Mapping {
  return { id: 1, added: "2026-01-01T00:00:00.000Z", label: "", enabled: true, type, match: "regex", pattern, override: "**echo:mapped" };
}

export function runCase(c: RegexCase): boolean {
  const type = c.type ?? "text";
  return mappingMatches(regexMapping(c.pattern, type), { uid: type === "uid" ? c.value : "", text: type === "text" ? c.value : "", data: type === "data" ? c.value : "" });
}

/** Every case that does not behave as expected, described; empty when all pass. */
export function regexCaseFailures(): string[] {
  const failures: string[] = [];
  for (const c of REGEX_CASES) if (runCase(c) !== c.expected) failures.push(`${c.name}: expected ${c.expected}`);
  for (const [pattern, reason] of REFUSED_PATTERNS) {
    const problem = patternProblem("regex", pattern);
    if (!problem?.includes(reason)) failures.push(`${pattern.slice(0, 40)}: expected a refusal naming "${reason}", got ${JSON.stringify(problem)}`);
  }
  return failures;
}
