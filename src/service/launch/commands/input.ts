import { inputKeyRefusal } from "../../../core/input/input-policy.ts";
import { keyNameForLegacyCode } from "../../../core/input/key-codes.ts";
import { boundedDuration, DEFAULT_TIMING, type InputTiming } from "../../../core/input/key-plan.ts";
import { log } from "../../../log.ts";
import type { InputService } from "../../input/input-service.ts";
import { CommandError, type CommandEnv, type CommandHandler } from "./types.ts";

const logger = log.withTag("zapscript");

function inputOf(env: CommandEnv, name: string): InputService {
  if (!env.input) throw new CommandError(`${name} is not supported on this platform (${env.platform}): no virtual input device`, true);
  return env.input;
}

/** Refuses the whole command when any key is one the config (or the platform's default) keeps scripts from pressing. */
function checkKeys(cmd: Parameters<CommandHandler>[0], env: CommandEnv, keys: readonly string[]): void {
  const cfg = env.config().zapscript.input;
  const policy = { mode: cfg?.mode, allow: cfg?.allow ?? [], block: cfg?.block };
  for (const key of keys) {
    const refusal = inputKeyRefusal(key, policy, env.platform);
    if (refusal) throw new CommandError(`${cmd.name}: ${refusal}`);
  }
}

/** `?speed=` sets the pause between keys (ms or `100ms`-style); an unreadable value keeps the default, as the reference does. */
function timingOf(cmd: Parameters<CommandHandler>[0]): InputTiming {
  const speed = cmd.advArgs.speed;
  if (!speed) return DEFAULT_TIMING;
  try {
    const gapMs = boundedDuration(speed, "?speed");
    return gapMs === 0 ? DEFAULT_TIMING : { ...DEFAULT_TIMING, gapMs };
  } catch {
    logger.warn(`${cmd.name}: invalid speed ${JSON.stringify(speed)}, using the default`);
    return DEFAULT_TIMING;
  }
}

/** `input.keyboard:<keys>`: the key sequence on the virtual keyboard. */
export const inputKeyboard: CommandHandler = async (cmd, env) => {
  checkKeys(cmd, env, cmd.args);
  await inputOf(env, cmd.name).keyboard(cmd.args, timingOf(cmd));
};

/** `input.gamepad:<buttons>`: the button sequence on the virtual gamepad. */
export const inputGamepad: CommandHandler = async (cmd, env) => {
  checkKeys(cmd, env, cmd.args);
  await inputOf(env, cmd.name).gamepad(cmd.args, timingOf(cmd));
};

/** `input.text:<text>`: types the text as written. */
export const inputText: CommandHandler = async (cmd, env) => {
  checkKeys(cmd, env, cmd.args);
  await inputOf(env, cmd.name).keyboard(cmd.args);
};

/** `input.key:<code>` / `key:<code>` (deprecated): one key named by its code (negative: with Shift). */
export const inputKey: CommandHandler = async (cmd, env) => {
  if (cmd.args.length !== 1) throw new CommandError(`${cmd.name}: expected one key code`);
  const text = cmd.args[0]!.trim();
  const name = /^[+-]?\d+$/.test(text) ? keyNameForLegacyCode(Number(text)) : undefined;
  if (name === undefined) throw new CommandError(`${cmd.name}: invalid legacy key code: ${text}`);
  checkKeys(cmd, env, [name]);
  await inputOf(env, cmd.name).keyboard([name]);
};

const MAX_COINS = 99;

/** `input.coinpN:[amount]`: presses the player's coin key (5, 6, 7, 8) `amount` times (default 1, at most 99). */
const coin =
  (key: string): CommandHandler =>
  async (cmd, env) => {
    const text = cmd.args[0]?.trim() ?? "";
    const amount = text === "" ? 1 : /^\d+$/.test(text) ? Number(text) : Number.NaN;
    if (!(amount >= 0 && amount <= MAX_COINS)) throw new CommandError(`${cmd.name}: invalid amount ${JSON.stringify(text)}: must be between 0 and ${MAX_COINS}`);
    logger.info(`${cmd.name}: inserting ${amount} coin(s)`);
    await inputOf(env, cmd.name).keyboard(Array.from({ length: amount }, () => key));
  };

/** The input commands and their deprecated names. */
export const INPUT_COMMANDS: Readonly<Record<string, CommandHandler>> = {
  "input.keyboard": inputKeyboard,
  "input.gamepad": inputGamepad,
  "input.text": inputText,
  "input.coinp1": coin("5"),
  "input.coinp2": coin("6"),
  "input.coinp3": coin("7"),
  "input.coinp4": coin("8"),
  "input.key": inputKey,
  key: inputKey,
  coinp1: coin("5"),
  coinp2: coin("6"),
};
