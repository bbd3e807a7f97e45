import { existsSync } from "node:fs";
import { join } from "node:path";
import { DomainError } from "../../core/errors.ts";
import type { Spawn } from "../shared/process-media.ts";

/** The environment MiSTer gives its Scripts-menu scripts (as the reference sets it). */
const SCRIPT_ENV = { LC_ALL: "en_US.UTF-8", HOME: "/root", LESSKEY: "/media/fat/linux/lesskey", ZAPAROO_RUN_SCRIPT: "1" };

/**
 * Splits `mister.script`'s argument: the script's file name, then its arguments separated by spaces outside
 * double quotes (the quotes group, and are dropped).
 */
export function parseScriptLine(line: string): { script: string; args: string[] } {
  const words: string[] = [];
  let cur = "";
  let quoted = false;
  let any = false;
  for (const ch of line.trim()) {
    if (ch === '"') {
      quoted = !quoted;
      any = true;
    } else if (ch === " " && !quoted) {
      if (any || cur) words.push(cur);
      cur = "";
      any = false;
    } else cur += ch;
  }
  if (any || cur) words.push(cur);
  const [script = "", ...args] = words;
  return { script, args };
}

/**
 * `mister.script:<name>.sh args?hidden=yes`: runs a script from `<sd>/Scripts` in its own folder with MiSTer's
 * script environment and waits for it; fails when it exits non-zero. Only a name in that folder is accepted.
 */
export async function runMisterScript(o: { sdRoot: string; line: string; spawn: Spawn; signal?: AbortSignal }): Promise<void> {
  const { script, args } = parseScriptLine(o.line);
  if (script === "") throw new DomainError("failed", "no script given");
  if (!script.endsWith(".sh") || script.includes("/") || script.startsWith(".")) throw new DomainError("failed", `invalid script: ${JSON.stringify(script)} (a .sh file in Scripts)`);
  const dir = join(o.sdRoot, "Scripts");
  const path = join(dir, script);
  if (!existsSync(path)) throw new DomainError("failed", `script not found: ${script}`);
  const argv = ["/bin/bash", "-c", 'cd -- "$1" && shift && exec "$@"', "mister-script", dir, path, ...args];
  const child = await o.spawn(argv, { env: { ...process.env, ...SCRIPT_ENV }, signal: o.signal, keepStderr: 400 });
  const exit = await child.exited;
  if (exit.code !== 0) throw new DomainError("failed", `${script} ${exit.signal ? `ended by ${exit.signal}` : `exited with ${exit.code}`}${exit.stderr ? `: ${exit.stderr.trim()}` : ""}`);
}
