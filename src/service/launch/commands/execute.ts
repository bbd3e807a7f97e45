import { accessSync, constants, realpathSync, statSync } from "node:fs";
import { isAbsolute } from "node:path";
import { splitCommandLine } from "../../../core/argv.ts";
import { compileExecRule, type ExecRule, execAllowed, splitProgram } from "../../../core/zapscript/exec-allow.ts";
import { log } from "../../../log.ts";
import { CommandError, type CommandHandler } from "./types.ts";

const logger = log.withTag("zapscript");

/** How long an `execute` command may run before it is killed and the script fails. */
export const EXECUTE_TIMEOUT_MS = 30_000;

/** Compiled rules per allow-list array (the config is replaced whole on change, so arrays are stable keys). */
const compiled = new WeakMap<readonly string[], ExecRule[]>();

function rulesFor(allow: readonly string[]): ExecRule[] {
  let rules = compiled.get(allow);
  if (!rules) {
    rules = allow.flatMap((entry) => {
      const c = compileExecRule(entry);
      if (!c.ok) logger.warn(`zapscript.allow_execute entry ${JSON.stringify(entry)} never matches: ${c.reason}`);
      return c.ok ? [c.rule] : [];
    });
    compiled.set(allow, rules);
  }
  return rules;
}

/**
 * Why the program may not run at all, or null: it must be an absolute path without `.` or `..` segments that
 * resolves (symlinks followed) to an existing executable file. `names` gets the path as written and resolved.
 */
export function programProblem(program: string, names: string[]): string | null {
  if (!isAbsolute(program)) return "the program must be an absolute path";
  if (program.split("/").some((seg) => seg === "." || seg === "..")) return "the program path must not contain '.' or '..'";
  let real: string;
  try {
    real = realpathSync(program);
    if (!statSync(real).isFile()) return "the program is not a file";
    accessSync(real, constants.X_OK);
  } catch {
    return "the program is not an existing executable file";
  }
  names.push(program, real);
  return null;
}

/**
 * True when a `zapscript.allow_execute` entry allows the command line: its program part matches the program
 * (as written or resolved) and its arguments part the rest of the line (src/core/zapscript/exec-allow.ts).
 */
export function executeAllowed(line: string, allow: readonly string[]): boolean {
  const split = splitProgram(line);
  const names: string[] = [];
  if (!split || programProblem(split.program, names)) return false;
  return execAllowed(rulesFor(allow), names, split.rest);
}

/**
 * `execute:<command line>`: runs an allow-listed program (no shell) and waits for it; non-zero exit fails.
 * Refused for scripts from another device unless `zapscript.allow_remote_execute` is on.
 */
export const execute: CommandHandler = async (cmd, env) => {
  const line = cmd.args.join(",").trim();
  if (line === "") throw new CommandError(`${cmd.name}: missing command line`);
  const cfg = env.config().zapscript;
  if (env.token.remote && !cfg.allow_remote_execute) {
    throw new CommandError(`${cmd.name}: refused for a script from another device (zapscript.allow_remote_execute is off)`);
  }
  const split = splitProgram(line);
  const argv = splitCommandLine(line);
  if (!split || !argv || argv.length === 0) throw new CommandError(`${cmd.name}: unterminated quote in command line`);
  const names: string[] = [];
  const problem = programProblem(split.program, names);
  if (problem) throw new CommandError(`${cmd.name}: refused (zapscript.allow_execute): ${problem}: ${split.program}`);
  if (!execAllowed(rulesFor(cfg.allow_execute), names, split.rest)) {
    throw new CommandError(`${cmd.name}: command not in zapscript.allow_execute: ${line}`);
  }
  const file = argv[0]!;
  let child;
  try {
    child = await env.spawn(argv, { signal: env.signal, timeoutMs: EXECUTE_TIMEOUT_MS });
  } catch (err) {
    throw new CommandError(`${cmd.name}: ${file}: ${(err as Error).message}`);
  }
  const exit = await child.exited;
  if (exit.timedOut) throw new CommandError(`${cmd.name}: ${file} did not finish within ${EXECUTE_TIMEOUT_MS / 1000} s`);
  if (exit.aborted) throw new CommandError(`${cmd.name}: ${file} interrupted: service stopping`);
  if (exit.code !== 0) throw new CommandError(`${cmd.name}: ${file} ended with ${exit.signal ?? `exit code ${exit.code}`}`);
};
