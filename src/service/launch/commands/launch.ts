import type { ZapCommand } from "../../../core/zapscript/index.ts";
import { resolveTarget } from "../media-resolver.ts";
import { describeTiers, firstInTiers, namedSystem, namedSystems } from "../named-systems.ts";
import { returnToMenu } from "./control.ts";
import { isRemoteInstall, startRemote } from "./launch-remote.ts";
import { mightBeTitle, startTitle } from "./launch-title.ts";
import { startItem, startTarget } from "./start-item.ts";
import { type CommandEnv, CommandError, type CommandHandler, requireArg, requireLibrary } from "./types.ts";

/**
 * `launch:<path>` (also every plain path): `?launcher=<id>` picks the launcher, `?system=<name>` the system (any name
 * of it); an http(s) URL with `?system=` is installed into the system's folder first (launch-remote.ts).
 */
export const launch: CommandHandler = async (cmd, env) => {
  const path = requireArg(cmd, 0, "media path");
  await startPath(path, cmd, env);
};

/**
 * A path, URL or `System/path`; one that is no file but reads as `System/Title` (no extension) is resolved as a
 * title, as the reference does.
 */
async function startPath(path: string, cmd: ZapCommand, env: CommandEnv): Promise<void> {
  if (isRemoteInstall(path, cmd)) return startRemote(path, cmd, env);
  let target;
  try {
    target = resolveTarget(path, { library: env.library, rootFolders: env.rootFolders }, cmd.advArgs.system || undefined);
  } catch (err) {
    if (err instanceof CommandError && err.reason === "media_not_found" && mightBeTitle(path)) return startTitle(path, cmd, env);
    throw err;
  }
  await startTarget(target, cmd, env);
}

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

/** The system name that means the platform's menu, not a core (`launch.system:menu`). */
const MENU_SYSTEM = "menu";

/**
 * `launch.system:<System>`: starts a system's core without media (MiSTer). `launch.system:menu` (any case) goes
 * back to the menu, as `stop` does, on every platform (the reference's return to menu).
 */
export const launchSystem: CommandHandler = async (cmd, env) => {
  const name = requireArg(cmd, 0, "system id");
  if (name.toLowerCase() === MENU_SYSTEM) return returnToMenu(cmd.name, env);
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
