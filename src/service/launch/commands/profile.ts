import { DomainError } from "../../../core/errors.ts";
import { log } from "../../../log.ts";
import { CommandError, type CommandHandler } from "./types.ts";

const logger = log.withTag("launch");

/**
 * `profile:<switchId>`: switches to the profile whose card this is (the switch id is the credential, as with
 * `profiles.switch {switchId}`); `profile.clear`: back to the shared profile. The switch id is never repeated in
 * an error (the history and log already hold the script that carried it).
 */
export const profile: CommandHandler = async (cmd, env) => {
  if (cmd.args.length !== 1 || cmd.args[0]!.trim() === "") throw new CommandError(`${cmd.name}: expects one switch id`);
  if (!env.profiles) throw new CommandError(`${cmd.name}: profiles unavailable`, true);
  try {
    const p = await env.profiles.switchTo(cmd.args[0]!.trim());
    logger.info(`${cmd.name}: switched to profile ${p.name}`);
  } catch (err) {
    if (err instanceof DomainError && err.kind === "not-found") throw new CommandError(`${cmd.name}: unknown profile switch id`);
    throw err;
  }
};

export const profileClear: CommandHandler = async (cmd, env) => {
  if (cmd.args.length > 0) throw new CommandError(`${cmd.name}: takes no arguments`);
  if (!env.profiles) throw new CommandError(`${cmd.name}: profiles unavailable`, true);
  env.profiles.clear();
};
