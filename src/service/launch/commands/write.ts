import { parseZapScript } from "../../../core/zapscript/index.ts";
import { CommandError, type CommandHandler } from "./types.ts";

/**
 * `**write:<text>` (the reference's writer card): the next tag scanned on a write-capable reader is written
 * with `text` (its `[[…]]` expressions already evaluated) instead of launched. The command only arms the write
 * and ends; scanning the writer card again neither writes nor launches it. As the reference requires: the only
 * command of the script, one argument, no advanced arguments.
 */
export const write: CommandHandler = async (cmd, env) => {
  const advanced = Object.keys(cmd.advArgs);
  if (cmd.args.length !== 1 || advanced.length > 0) {
    throw new CommandError(`${cmd.name}: takes exactly one argument, the text to write, and no advanced arguments (quote text that holds a comma)`);
  }
  if (parseZapScript(env.token.text).commands.length !== 1) throw new CommandError(`${cmd.name}: must be the only command of the script`);
  const text = cmd.args[0]!;
  if (text.trim() === "") throw new CommandError(`${cmd.name}: the text to write is empty`);
  if (!env.armWrite) throw new CommandError(`${cmd.name}: no reader here can write tags`, true);
  env.armWrite(text, env.token.uid);
};
