import { spawn } from "node:child_process";
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
  const [file, ...args] = argv;
  await new Promise<void>((resolve, reject) => {
    const child = spawn(file!, args, { stdio: "ignore", signal: AbortSignal.any([env.signal, AbortSignal.timeout(EXECUTE_TIMEOUT_MS)]) });
    child.once("error", (err) => reject(new CommandError(`${cmd.name}: ${file}: ${(err as NodeJS.ErrnoException).code ?? err.message}`)));
    child.once("exit", (code, signal) => {
      if (code === 0) resolve();
      else reject(new CommandError(`${cmd.name}: ${file} ended with ${signal ?? `exit code ${code}`}`));
    });
  });
};
