import type { MediaItem } from "../../../core/media-types.ts";
import { parseSlot } from "../../../core/playlist/playlist.ts";
import type { ZapCommand } from "../../../core/zapscript/index.ts";
import type { LaunchTarget } from "../../../platforms/shared/launcher.ts";
import { resolveTarget } from "../media-resolver.ts";
import { type CommandEnv, CommandError } from "./types.ts";

/** `?slot=background` (or bg): the file plays as music in the background slot, beside what runs. */
function inBackground(cmd: ZapCommand): boolean {
  if (!("slot" in cmd.advArgs)) return false;
  const slot = parseSlot(cmd.advArgs.slot);
  if (slot instanceof Error) throw new CommandError(`${cmd.name}: ${slot.message}`);
  return slot === "background";
}

/** Starts a resolved target: in the background slot with `?slot=background`, else through a launcher (`?launcher=`). */
export async function startTarget(target: LaunchTarget, cmd: ZapCommand, env: CommandEnv): Promise<void> {
  if (inBackground(cmd)) {
    if (!env.playlists) throw new CommandError(`${cmd.name}: no background media player here`, true);
    return env.playlists.playFile(target.path);
  }
  await env.startMedia(target, cmd.advArgs.launcher || undefined);
}

/** Starts an indexed item (a search hit, a random pick, a resolved title). */
export async function startItem(item: MediaItem, cmd: ZapCommand, env: CommandEnv): Promise<void> {
  const path = env.library?.resolvePath(item.path) ?? item.path;
  const target = resolveTarget(path, { library: env.library, rootFolders: env.rootFolders }, cmd.advArgs.system || item.system.id);
  await startTarget(target, cmd, env);
}
