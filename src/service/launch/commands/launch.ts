import type { MediaItem } from "../../../core/media-types.ts";
import { parseSlot } from "../../../core/playlist/playlist.ts";
import type { ZapCommand } from "../../../core/zapscript/index.ts";
import { resolveTarget, systemFor } from "../media-resolver.ts";
import { describeTiers, firstInTiers, namedSystem, namedSystems } from "../named-systems.ts";
import { type CommandEnv, CommandError, type CommandHandler, requireArg, requireLibrary } from "./types.ts";

/** `launch:<path>` (also every plain path): `?launcher=<id>` picks the launcher, `?system=<name>` the system (any name of it). */
export const launch: CommandHandler = async (cmd, env) => {
  const path = requireArg(cmd, 0, "media path");
  await startPath(path, cmd, env);
};

async function startPath(path: string, cmd: ZapCommand, env: CommandEnv): Promise<void> {
  const target = resolveTarget(path, { library: env.library, rootFolders: env.rootFolders }, cmd.advArgs.system || undefined);
  if (inBackground(cmd)) return playInBackground(target.path, cmd, env);
  await env.startMedia(target, cmd.advArgs.launcher || undefined);
}

/** `?slot=background` (or bg): the file plays as music in the background slot, beside what runs. */
function inBackground(cmd: ZapCommand): boolean {
  if (!("slot" in cmd.advArgs)) return false;
  const slot = parseSlot(cmd.advArgs.slot);
  if (slot instanceof Error) throw new CommandError(`${cmd.name}: ${slot.message}`);
  return slot === "background";
}

async function playInBackground(path: string, cmd: ZapCommand, env: CommandEnv): Promise<void> {
  if (!env.playlists) throw new CommandError(`${cmd.name}: no background media player here`, true);
  await env.playlists.playFile(path);
}

async function startItem(item: MediaItem, cmd: ZapCommand, env: CommandEnv): Promise<void> {
  const path = env.library?.resolvePath(item.path) ?? item.path;
  const target = resolveTarget(path, { library: env.library, rootFolders: env.rootFolders }, cmd.advArgs.system || item.system.id);
  if (inBackground(cmd)) return playInBackground(target.path, cmd, env);
  await env.startMedia(target, cmd.advArgs.launcher || undefined);
}

/** Splits `System/rest` at the first slash. */
function systemAndRest(arg: string, name: string): [string, string] {
  const i = arg.indexOf("/");
  if (i <= 0 || i === arg.length - 1) throw new CommandError(`${name}: expected <system>/<text>, got ${JSON.stringify(arg)}`);
  return [arg.slice(0, i), arg.slice(i + 1)];
}

/** `@System/Title`: the indexed item of that system whose name is the title (else the best search hit). */
export const launchTitle: CommandHandler = async (cmd, env) => {
  const library = requireLibrary(env, cmd.name);
  const [sys, title] = systemAndRest(requireArg(cmd, 0, "<system>/<title>"), cmd.name);
  const system = systemFor(library, sys);
  const { results } = library.search(title, [system.id], 50);
  const wanted = title.trim().toLowerCase();
  const item = results.find((r) => r.name.toLowerCase() === wanted) ?? results[0];
  if (!item) throw new CommandError(`${cmd.name}: no media titled ${JSON.stringify(title)} in ${system.id}`);
  await startItem(item, cmd, env);
};

/**
 * `launch.search:<System>/<query>` (any name of a system, or `all`) or `launch.search:<query>`: the first search
 * hit; of the system's fallbacks in turn when the system has none (as the reference searches).
 */
export const launchSearch: CommandHandler = async (cmd, env) => {
  const library = requireLibrary(env, cmd.name);
  const arg = requireArg(cmd, 0, "query");
  const i = arg.indexOf("/");
  const [name, query] = i < 0 ? ["all", arg] : [arg.slice(0, i), arg.slice(i + 1)];
  if (i >= 0 && query.trim() === "") throw new CommandError(`${cmd.name}: no query after ${JSON.stringify(`${name}/`)}`);
  const systems = name.trim().toLowerCase() === "all" ? [] : [namedSystem(name)];
  const first = (ids: string[]) => library.search(query, ids, 1).results[0];
  const hit = systems.length ? firstInTiers(systems, first) : first([]);
  const where = systems.length ? ` in ${describeTiers(systems)}` : "";
  if (!hit) throw new CommandError(`${cmd.name}: nothing found for ${JSON.stringify(query)}${where}`);
  await startItem(hit, cmd, env);
};

/**
 * `launch.random:<System>,<System>…` (any names of systems; none, or `all` first: every system): a random indexed
 * media of those systems, else of each of their fallbacks in turn (`launch.random:GenesisMSU` draws from Genesis
 * when no MSU media is indexed). A name of no system is skipped when others resolve, as in the reference.
 */
export const launchRandom: CommandHandler = async (cmd, env) => {
  const library = requireLibrary(env, cmd.name);
  const names = cmd.args.map((a) => a.trim()).filter((a) => a !== "");
  if (names.length === 0 || names[0]!.toLowerCase() === "all") {
    const item = library.random([]);
    if (!item) throw new CommandError(`${cmd.name}: no indexed media`);
    return startItem(item, cmd, env);
  }
  const systems = namedSystems(names, cmd.name);
  const item = firstInTiers(systems, (ids) => library.random(ids));
  if (!item) throw new CommandError(`${cmd.name}: no indexed media for ${describeTiers(systems)}`);
  await startItem(item, cmd, env);
};

/** `launch.system:<System>`: starts a system's core without media (MiSTer). */
export const launchSystem: CommandHandler = async (cmd, env) => {
  const name = requireArg(cmd, 0, "system id");
  if (!env.systemLauncher) throw new CommandError(`${cmd.name} is not supported on this platform`, true);
  const system = namedSystem(name);
  const systemId = system.id;
  await env.active.prepareForLaunch();
  let running;
  try {
    running = await env.systemLauncher.launchSystem(systemId);
  } catch (err) {
    throw new CommandError(`${cmd.name}: ${(err as Error).message}`);
  }
  env.active.begin(
    { launcherId: env.systemLauncher.id, systemId, systemName: system.name, mediaPath: "", mediaName: "", zapScript: env.token.text },
    running,
  );
};
