import { DomainError } from "../../../core/errors.ts";
import { log } from "../../../log.ts";
import { CommandError, type CommandHandler } from "./types.ts";

const logger = log.withTag("zapscript");

/** `screenshot`: takes a screenshot where the platform can (MiSTer: saved in its screenshots folder), as the reference does. */
export const screenshot: CommandHandler = async (cmd, env) => {
  if (!env.input) throw new CommandError(`${cmd.name} is not supported on this platform`, true);
  try {
    const shot = await env.input.screenshot();
    logger.info(`screenshot saved: ${shot.path}`);
  } catch (err) {
    if (err instanceof DomainError && err.kind === "unsupported") throw new CommandError(err.message, true);
    throw new CommandError(`screenshot failed: ${(err as Error).message}`);
  }
};
