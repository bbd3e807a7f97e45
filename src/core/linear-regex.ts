// re2js: pure JS (no native addon, so the same code runs on Bun and on Node for armv7), RE2 semantics, linear-time matching.
import type { RE2JS } from "re2js";

type Engine = typeof import("./linear-regex-engine.ts");
let engine: Engine | undefined;
/**
 * re2js (~150 KB of code, and the Unicode tables it builds as it loads) is loaded at the first pattern compiled:
 * a service whose configuration holds none never loads it. A require, so compiling stays synchronous; bundled,
 * the engine is a chunk of its own (build/release/compile.ts).
 */
const re2 = (): typeof RE2JS => (engine ??= require("./linear-regex-engine.ts") as Engine).RE2JS;

/**
 * Regular expressions written by users (mapping patterns), matched in time linear in the input: no pattern
 * can stall the service, whatever it is matched against. Pure: no I/O.
 *
 * Syntax is RE2's (https://github.com/google/re2/wiki/Syntax), without flags: no backreferences, no lookahead
 * or lookbehind, no possessive quantifiers, counted repetitions up to {1000}; `(?i)` and the like work inline.
 * Three caps bound the work per match: the pattern's length, the size of its compiled program (the time per
 * input character grows with it) and the length of the input (only its first MAX_INPUT_CHARS characters are
 * looked at; `$` then means the end of that prefix).
 */

/** Longest pattern accepted, in UTF-16 code units. */
export const MAX_PATTERN_CHARS = 1024;
/**
 * Largest compiled program accepted, in RE2 instructions (`.{100}` is ~100). At the cap the worst seen was ~130 ms
 * for a first 8 KiB value on x86-64, well under 1 ms once the engine's lazy DFA is warm.
 */
export const MAX_PROGRAM_INSTRUCTIONS = 1000;
/** Only this many characters of a value (8 KiB) are matched; the rest is ignored. */
export const MAX_INPUT_CHARS = 8192;

export interface LinearRegex {
  /** True when the pattern matches anywhere in the first MAX_INPUT_CHARS characters of `value` (unanchored, like RegExp#test). */
  test(value: string): boolean;
}

export type CompiledRegex = { ok: true; regex: LinearRegex } | { ok: false; reason: string };

/** Hints for RE2 refusals of syntax other engines accept, keyed by a fragment of the engine's message. */
const HINTS: ReadonlyArray<[RegExp, string]> = [
  [/invalid escape sequence: `\\[1-9]/, "backreferences such as \\1 are not supported"],
  [/Perl syntax: `\(\?[=!]|named capture: `\(\?<[=!]/, "lookahead and lookbehind ((?=…), (?!…), (?<=…), (?<!…)) are not supported"],
  [/invalid nested repetition operator/, "possessive or doubled quantifiers such as a++ are not supported"],
  [/invalid repeat count/, "counted repetitions are limited to {1000}"],
];

function refusal(message: string): string {
  const detail = message.replace(/^error parsing regexp: /, "");
  const hint = HINTS.find(([re]) => re.test(message))?.[1];
  return `pattern is not a valid regular expression (RE2 syntax): ${hint ? `${hint} (${detail})` : detail}`;
}

/** Compiles `pattern`, or says in one sentence why the engine refuses it. Never throws. */
export function compileLinear(pattern: string): CompiledRegex {
  if (pattern.length > MAX_PATTERN_CHARS) return { ok: false, reason: `pattern is too long (${pattern.length} characters; at most ${MAX_PATTERN_CHARS})` };
  let re: RE2JS;
  try {
    re = re2().compile(pattern);
  } catch (err) {
    return { ok: false, reason: refusal(err instanceof Error ? err.message : String(err)) };
  }
  const size = re.re2Input.numberOfInstructions() as number;
  if (size > MAX_PROGRAM_INSTRUCTIONS) {
    return { ok: false, reason: `pattern is too complex (${size} instructions; at most ${MAX_PROGRAM_INSTRUCTIONS}): use smaller counted repetitions such as {n}` };
  }
  return { ok: true, regex: { test: (value) => re.test(value.length > MAX_INPUT_CHARS ? value.slice(0, MAX_INPUT_CHARS) : value) } };
}
