import { isMediaLaunching } from "../../../core/launch-guard/rules.ts";
import { parseZapScript, ZapScriptError } from "../../../core/zapscript/index.ts";
import { log } from "../../../log.ts";
import { CommandError, type CommandHandler, requireArg } from "./types.ts";

const logger = log.withTag("zapscript");

/** Commands a control script may not run: media launches, playlists, and `control` itself (no recursion). */
export function controlAllowed(name: string): boolean {
  return !isMediaLaunching(name) && !name.startsWith("playlist.") && name !== "control";
}

/**
 * `control:<action>`: runs the active media's launcher action, as the reference does. A custom launcher's actions
 * are its `controls` table (`action = "<launch script>"`, e.g. `save_state = "**input.keyboard:{f2}"`); advanced
 * arguments are not passed on (scripts take none). Every command of the action's script is checked before any
 * runs. Built-in launchers offer their own actions (Kodi: toggle_pause, stop, fast_forward, rewind, next,
 * previous); the others answer unsupported.
 */
export function controlCommand(commands: () => Readonly<Record<string, CommandHandler>>): CommandHandler {
  return async (cmd, env) => {
    const action = requireArg(cmd, 0, "action");
    const active = env.active.current();
    if (!active) throw new CommandError(`${cmd.name}: no active media`);
    if (active.launcherId === "") throw new CommandError(`${cmd.name}: no launcher associated with active media`);
    const controls = env.config().launchers.custom.find((l) => l.id === active.launcherId)?.controls ?? {};
    const builtIn = env.launcherControls?.(active.launcherId) ?? {};
    if (Object.keys(controls).length === 0 && Object.keys(builtIn).length === 0) throw new CommandError(`${cmd.name}: launcher ${active.launcherId}: no control capabilities`, true);
    const script = Object.hasOwn(controls, action) ? controls[action]! : undefined;
    if (script === undefined) {
      const fn = Object.hasOwn(builtIn, action) ? builtIn[action] : undefined;
      if (!fn) throw new CommandError(`${cmd.name}: action ${JSON.stringify(action)} not supported by launcher ${active.launcherId}`, true);
      logger.info(`control ${action} on launcher ${active.launcherId}`);
      try {
        await fn();
      } catch (err) {
        throw new CommandError(`${cmd.name}: control action ${JSON.stringify(action)} failed: ${(err as Error).message}`);
      }
      return;
    }
    let parsed;
    try {
      parsed = parseZapScript(script).commands;
    } catch (err) {
      if (err instanceof ZapScriptError) throw new CommandError(`${cmd.name}: launcher ${active.launcherId} action ${action}: invalid script: ${err.message}`);
      throw err;
    }
    if (parsed.length === 0) throw new CommandError(`${cmd.name}: control script is empty`);
    const table = commands();
    for (const c of parsed) {
      if (!controlAllowed(c.name)) throw new CommandError(`${cmd.name}: command not allowed in control context: ${c.name}`);
      if (!table[c.name]) throw new CommandError(`${cmd.name}: unknown command in control script: ${c.name}`);
    }
    logger.info(`control ${action} on launcher ${active.launcherId}`);
    for (const c of parsed) {
      try {
        await table[c.name]!(c, env);
      } catch (err) {
        throw new CommandError(`${cmd.name}: control action ${JSON.stringify(action)} failed: ${(err as Error).message}`);
      }
    }
  };
}
