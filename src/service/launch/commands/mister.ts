import { DomainError } from "../../../core/errors.ts";
import type { MisterCommands } from "../../../platforms/mister/commands.ts";
import { type CommandEnv, type CommandHandler, CommandError, requireArg } from "./types.ts";

function misterOf(env: CommandEnv, name: string): MisterCommands {
  if (!env.mister) throw new CommandError(`${name} is not supported on this platform (${env.platform}): MiSTer only`, true);
  return env.mister;
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
const ini: CommandHandler = async (cmd, env) => {
  const m = misterOf(env, cmd.name);
  const n = requireArg(cmd, 0, "INI number");
  run(cmd.name, () => m.ini(n, !env.moreCommands));
};

/** `mister.core:<rbf path>`: loads a core by its path on the SD card. */
const core: CommandHandler = async (cmd, env) => {
  const m = misterOf(env, cmd.name);
  const rbf = requireArg(cmd, 0, "core path");
  run(cmd.name, () => m.core(rbf));
};

/** `mister.mgl:<MGL>`: loads the MGL text given. */
const mgl: CommandHandler = async (cmd, env) => {
  const m = misterOf(env, cmd.name);
  const text = cmd.args.join(",").trim();
  if (text === "") throw new CommandError(`${cmd.name}: missing MGL`);
  run(cmd.name, () => m.mgl(text));
};

/**
 * `mister.script:<name>.sh args`: runs a script from Scripts on MiSTer's console (tty2, as MiSTer's Scripts menu
 * does), or in the background with `?hidden=yes`.
 */
const script: CommandHandler = async (cmd, env) => {
  const m = misterOf(env, cmd.name);
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
};

/** `mister.wallpaper:<file>`: sets the menu's wallpaper from `wallpapers/`; no argument unsets it. */
const wallpaper: CommandHandler = async (cmd, env) => {
  const m = misterOf(env, cmd.name);
  const name = cmd.args[0]?.trim() ?? "";
  run(cmd.name, () => m.wallpaper(name));
};

export const MISTER_COMMANDS: Readonly<Record<string, CommandHandler>> = {
  "mister.ini": ini,
  "mister.core": core,
  "mister.mgl": mgl,
  "mister.wallpaper": wallpaper,
  "mister.script": script,
};
