import { DomainError } from "../../core/errors.ts";
import type { ActiveMedia } from "../../core/media-types.ts";
import { parseZapScript, ZapScriptError } from "../../core/zapscript/index.ts";

/** True when `text` is one `launch` (of exactly `path` when given): a tag holding it starts that media again. */
function launchesExactly(text: string, path?: string): boolean {
  try {
    const cmds = parseZapScript(text).commands;
    return cmds.length === 1 && cmds[0]!.name === "launch" && (path === undefined || cmds[0]!.args[0] === path);
  } catch (err) {
    if (err instanceof ZapScriptError) return false;
    throw err;
  }
}

/**
 * The launch script a tag needs to start what is playing again: the script that started it when that script is
 * one plain launch (a path, or `**launch:` with its advanced arguments: it started this media); else the media's path (a script such
 * as `**launch.random:snes` would start something else next time); for a system started without media
 * (`launch.system`), that command. Nothing playing, or media another program started (no path, no script): a
 * DomainError, nothing to write.
 */
export function playingScript(active: ActiveMedia | null): string {
  if (!active) throw new DomainError("unavailable", "nothing is playing: start a game first, then write it to a tag", { reason: "no-media" });
  const script = active.zapScript.trim();
  const path = active.mediaPath;
  if (path !== "") {
    if (script !== "" && launchesExactly(script)) return script; // as the user wrote it (relative, with its ?system=)
    if (path.includes("[[")) throw new DomainError("unsupported", `the playing media's path holds "[[", which a launch script reads as an expression: ${JSON.stringify(path)}`, { reason: "no-script" });
    if (launchesExactly(path, path)) return path;
    const escaped = `**launch:${path.replace(/[\^|,?"'{]/g, "^$&")}`; // ZapScript's escape: `^x` is a literal x
    if (launchesExactly(escaped, path)) return escaped;
    throw new DomainError("unsupported", `the playing media's path cannot be written as a launch script: ${JSON.stringify(path)}`, { reason: "no-script" });
  }
  if (script !== "") {
    try {
      const cmds = parseZapScript(script).commands;
      if (cmds.length === 1 && cmds[0]!.name === "launch.system") return script;
    } catch (err) {
      if (!(err instanceof ZapScriptError)) throw err;
    }
  }
  if (active.systemId !== "" && active.launcherId !== "") return `**launch.system:${active.systemId}`;
  throw new DomainError("unsupported", "what is playing has no launch script (another program started it)", { reason: "no-script" });
}
