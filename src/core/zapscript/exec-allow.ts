import { readArgument, skipSpaces } from "../argv.ts";
import { compileLinear, type LinearRegex, MAX_INPUT_CHARS } from "../linear-regex.ts";

/**
 * `zapscript.allow_execute` entries. Each is `<program> <arguments>`: two regular expressions (RE2 syntax, as
 * the reference's Go regexp) split at the first space outside brackets, parentheses and escapes. The program
 * part must match the whole program path (as written, or as resolved: symlinks followed), the arguments part
 * the whole rest of the command line as written (quotes included, leading spaces dropped). An entry without
 * a space allows the program with no arguments. Matching the two separately is what keeps
 * `…/scripts/../../usr/bin/sh -c …` from passing a `…/scripts/.*\.sh` rule. Pure: resolving paths is the
 * caller's.
 */
export interface ExecRule {
  program: LinearRegex;
  args: LinearRegex;
}

/** Index of the first whitespace outside [], () and escapes, or -1. */
function splitIndex(entry: string): number {
  let depth = 0;
  let inClass = false;
  for (let i = 0; i < entry.length; i++) {
    const ch = entry[i]!;
    if (ch === "\\") i++;
    else if (inClass) inClass = ch !== "]";
    else if (ch === "[") inClass = true;
    else if (ch === "(") depth++;
    else if (ch === ")") depth = Math.max(0, depth - 1);
    else if (depth === 0 && /\s/.test(ch)) return i;
  }
  return -1;
}

/** The entry's two parts, compiled, or why it is not a valid entry. */
export function compileExecRule(entry: string): { ok: true; rule: ExecRule } | { ok: false; reason: string } {
  const trimmed = entry.trim();
  if (trimmed === "") return { ok: false, reason: "is empty" };
  const at = splitIndex(trimmed);
  const programPart = at < 0 ? trimmed : trimmed.slice(0, at);
  const argsPart = at < 0 ? "" : trimmed.slice(at).trimStart();
  const program = compileLinear(`^(?:${programPart})$`);
  if (!program.ok) return { ok: false, reason: `program part ${JSON.stringify(programPart)}: ${program.reason}` };
  const args = compileLinear(`^(?:${argsPart})$`);
  if (!args.ok) return { ok: false, reason: `arguments part ${JSON.stringify(argsPart)}: ${args.reason}` };
  return { ok: true, rule: { program: program.regex, args: args.regex } };
}

/** Why the entry is not valid, or null (used when the config loads). */
export const execRuleProblem = (entry: string): string | null => {
  const c = compileExecRule(entry);
  return c.ok ? null : c.reason;
};

/**
 * The command line's first argument (quotes and escapes resolved, as splitCommandLine does) and the raw text
 * after it, leading whitespace dropped; null for an unterminated quote or an empty line.
 */
export function splitProgram(line: string): { program: string; rest: string } | null {
  const start = skipSpaces(line, 0);
  if (start >= line.length) return null;
  const read = readArgument(line, start);
  if (!read) return null;
  return { program: read.arg, rest: line.slice(read.end).trimStart() };
}

/** True when one rule allows the program (any of its names: as written, as resolved) with these arguments. */
export function execAllowed(rules: readonly ExecRule[], programNames: readonly string[], rest: string): boolean {
  // the engine looks at the first 8 KiB only: a longer line could hide arguments past what was matched
  if (rest.length > MAX_INPUT_CHARS || programNames.some((p) => p.length > MAX_INPUT_CHARS)) return false;
  return rules.some((r) => programNames.some((p) => r.program.test(p)) && r.args.test(rest));
}
