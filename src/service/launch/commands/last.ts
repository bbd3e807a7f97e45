import { resolveTarget } from "../media-resolver.ts";
import { CommandError, type CommandHandler } from "./types.ts";

/** How far back `launch.last:<n>` may reach (the play history keeps many more sessions). */
export const MAX_LAUNCH_LAST_OFFSET = 1000;

/**
 * `launch.last[:<n>]`: starts again the n-th most recently played distinct media (default 1, the last one) from
 * the play history, with its system; `?launcher=` and `?system=` override as for `launch`.
 */
export const launchLast: CommandHandler = async (cmd, env) => {
  const text = cmd.args[0]?.trim() ?? "";
  const n = text === "" ? 1 : /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!(n >= 1 && n <= MAX_LAUNCH_LAST_OFFSET)) throw new CommandError(`${cmd.name}: invalid offset ${JSON.stringify(text)}: must be a whole number from 1 to ${MAX_LAUNCH_LAST_OFFSET}`);
  if (!env.recentMedia) throw new CommandError(`${cmd.name}: play history unavailable`, true);
  const entry = env.recentMedia(n);
  if (!entry) throw new CommandError(`${cmd.name}: nothing played ${n === 1 ? "yet" : `${n} media back`}`);
  const target = resolveTarget(entry.mediaPath, { library: env.library, rootFolders: env.rootFolders }, cmd.advArgs.system || entry.systemId || undefined);
  await env.startMedia(target, cmd.advArgs.launcher || undefined);
};
