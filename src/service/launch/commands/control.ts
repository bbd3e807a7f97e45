import { systemClock } from "../../../core/clock.ts";
import { log } from "../../../log.ts";
import { type CommandEnv, CommandError, type CommandHandler, requireArg } from "./types.ts";

const logger = log.withTag("zapscript");

/** Longest `delay` accepted, in milliseconds. */
export const MAX_DELAY_MS = 5 * 60 * 1000;

/**
 * Back to the platform's menu, as the reference's return to menu (`stop`, `launch.system:menu`): stops the media
 * that runs (on MiSTer its stop loads the menu core); on MiSTer with no media followed, ends a script shown on the
 * console, else loads the menu core (`load_core menu.rbf`), whatever core runs, the menu too.
 */
export async function returnToMenu(name: string, env: CommandEnv): Promise<void> {
  if (env.active.current() || !env.mister) return env.active.stop();
  try {
    env.mister.leaveCore();
  } catch (err) {
    throw new CommandError(`${name}: failed to return to the menu: ${(err as Error).message}`);
  }
}

export const stop: CommandHandler = (cmd, env) => returnToMenu(cmd.name, env);

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
