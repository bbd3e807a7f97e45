import { DomainError } from "../../../core/errors.ts";
import { misterCommandSkipped } from "../../../core/zapscript/command-support.ts";
import type { ZapCommand } from "../../../core/zapscript/index.ts";
import { log } from "../../../log.ts";
import type { MisterCommands } from "../../../platforms/mister/commands.ts";
import { type CommandEnv, type CommandHandler, CommandError, type CommandSkipped, requireArg } from "./types.ts";

const logger = log.withTag("zapscript");

/**
 * A MiSTer command: runs `action` with MiSTer's commands; elsewhere, as the reference, does nothing (the step is
 * skipped, with why, and the script goes on), or fails as unsupported where the reference refuses it (Batocera).
 */
function onMister(action: (m: MisterCommands, cmd: ZapCommand, env: CommandEnv) => Promise<void>): CommandHandler {
  return async (cmd, env): Promise<void | CommandSkipped> => {
    if (env.mister) return action(env.mister, cmd, env);
    const skipped = misterCommandSkipped(cmd.name, env.platform);
    if (!skipped) throw new CommandError(`${cmd.name} is not supported on this platform (${env.platform}): MiSTer only`, true);
    logger.info(`${cmd.name} skipped: only MiSTer runs it (this is ${env.platform})`);
    return { skipped: `${skipped} (this is ${env.platform})` };
  };
}

/** Runs a MiSTer action; its failures become the command's (with the command's name). */
const run = (name: string, action: () => void) => {
  try {
    action();
  } catch (err) {
    const message = `${name}: ${(err as Error).message}`;
    throw err instanceof DomainError && err.kind === "unavailable" ? new CommandError(message, true) : new CommandError(message);
  }
};

/** `mister.ini:<1-4>`: switches MiSTer.ini (Main, then the MiSTer_*.ini files); the menu reloads when it is the script's last command. */
const ini = onMister(async (m, cmd, env) => {
  const n = requireArg(cmd, 0, "INI number");
  run(cmd.name, () => m.ini(n, !env.moreCommands));
});

/** `mister.core:<rbf path>`: loads a core by its path on the SD card. */
const core = onMister(async (m, cmd) => {
  const rbf = requireArg(cmd, 0, "core path");
  run(cmd.name, () => m.core(rbf));
});

/** `mister.mgl:<MGL>`: loads the MGL text given. */
const mgl = onMister(async (m, cmd) => {
  const text = cmd.args.join(",").trim();
  if (text === "") throw new CommandError(`${cmd.name}: missing MGL`);
  run(cmd.name, () => m.mgl(text));
});

/**
 * `mister.script:<name>.sh args`: runs a script from Scripts on MiSTer's console (tty2, as MiSTer's Scripts menu
 * does), or in the background with `?hidden=yes`.
 */
const script = onMister(async (m, cmd, env) => {
  const line = cmd.args.join(",").trim();
  if (line === "") throw new CommandError(`${cmd.name}: missing script`);
  const hidden = ["yes", "true", "1", "on"].includes(String(cmd.advArgs.hidden ?? "").toLowerCase());
  const input = env.input;
  const pressKey = input && ((key: string) => input.keyboard([key]));
  try {
    await m.script(line, { hidden, signal: env.signal, pressKey });
  } catch (err) {
    throw new CommandError(`${cmd.name}: ${(err as Error).message}`, err instanceof DomainError && err.kind === "unavailable");
  }
});

/** `mister.wallpaper:<file>`: sets the menu's wallpaper from `wallpapers/`; no argument unsets it. */
const wallpaper = onMister(async (m, cmd) => {
  const name = cmd.args[0]?.trim() ?? "";
  run(cmd.name, () => m.wallpaper(name));
});

export const MISTER_COMMANDS: Readonly<Record<string, CommandHandler>> = {
  "mister.ini": ini,
  "mister.core": core,
  "mister.mgl": mgl,
  "mister.wallpaper": wallpaper,
  "mister.script": script,
};
