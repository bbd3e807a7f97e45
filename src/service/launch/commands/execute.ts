import { splitCommandLine } from "../../../core/argv.ts";
import { log } from "../../../log.ts";
import { CommandError, type CommandHandler } from "./types.ts";

const logger = log.withTag("zapscript");

/** How long an `execute` command may run before it is killed and the script fails. */
export const EXECUTE_TIMEOUT_MS = 30_000;

/**
 * True when the whole command line matches one entry of `zapscript.allow_execute`; each entry is a regular
 * expression that must match the entire line (e.g. `/usr/bin/notify-send .*`).
 */
export function executeAllowed(line: string, allow: readonly string[]): boolean {
  return allow.some((pattern) => {
    try {
      return new RegExp(`^(?:${pattern})$`).test(line);
    } catch {
      logger.warn(`zapscript.allow_execute entry is not a valid regular expression: ${pattern}`);
      return false;
    }
  });
}

/** `execute:<command line>`: runs an allow-listed program (no shell) and waits for it; non-zero exit fails. */
export const execute: CommandHandler = async (cmd, env) => {
  const line = cmd.args.join(",").trim();
  if (line === "") throw new CommandError(`${cmd.name}: missing command line`);
  if (!executeAllowed(line, env.config().zapscript.allow_execute)) {
    throw new CommandError(`${cmd.name}: command not in zapscript.allow_execute: ${line}`);
  }
  const argv = splitCommandLine(line);
  if (!argv || argv.length === 0) throw new CommandError(`${cmd.name}: unterminated quote in command line`);
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
