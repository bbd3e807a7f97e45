import { systemClock } from "../../../core/clock.ts";
import { log } from "../../../log.ts";
import { CommandError, type CommandHandler, requireArg } from "./types.ts";

const logger = log.withTag("zapscript");

/** Longest `delay` accepted, in milliseconds. */
export const MAX_DELAY_MS = 5 * 60 * 1000;

export const stop: CommandHandler = async (_cmd, env) => {
  if (env.active.current() || !env.mister) await env.active.stop();
  else env.mister.leaveCore(); // MiSTer: a core loaded from its own menu, without a game we follow
};

/** `delay:<ms>`: waits before the next command. */
export const delay: CommandHandler = async (cmd, env) => {
  const text = requireArg(cmd, 0, "milliseconds");
  const ms = Number(text);
  if (!/^\d+$/.test(text) || ms > MAX_DELAY_MS) throw new CommandError(`${cmd.name}: expected milliseconds from 0 to ${MAX_DELAY_MS}, got ${JSON.stringify(text)}`);
  const timers = env.timers ?? systemClock;
  if (env.signal.aborted) throw new CommandError("delay interrupted");
  await new Promise<void>((resolve, reject) => {
    const t = timers.set(resolve, ms);
    env.signal.addEventListener("abort", () => {
      timers.clear(t);
      reject(new CommandError("delay interrupted"));
    }, { once: true });
  });
};

/** `echo:<text>`: writes the text to the log. */
export const echo: CommandHandler = async (cmd) => {
  logger.info(`echo: ${cmd.args.join(",")}`);
};
