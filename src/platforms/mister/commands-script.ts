import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DomainError } from "../../core/errors.ts";
import { log } from "../../log.ts";
import type { ChildProcessHandle } from "../../runtime/types.ts";
import type { Spawn } from "../shared/process-media.ts";
import { listPids } from "../shared/process-tree.ts";
import { type ConsolePaths, type MisterConsole, readText, SCRIPT_VT } from "./console.ts";
import { MENU_CORE } from "./tracker-state.ts";

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
  const { script, dir, path, args } = resolveScript(o.sdRoot, o.line);
  const argv = ["/bin/bash", "-c", 'cd -- "$1" && shift && exec "$@"', "mister-script", dir, path, ...args];
  const child = await o.spawn(argv, { env: { ...process.env, ...SCRIPT_ENV }, signal: o.signal, keepStderr: 400 });
  const exit = await child.exited;
  if (exit.code !== 0) throw new DomainError("failed", `${script} ${exit.signal ? `ended by ${exit.signal}` : `exited with ${exit.code}`}${exit.stderr ? `: ${exit.stderr.trim()}` : ""}`);
}

function resolveScript(sdRoot: string, line: string): { script: string; dir: string; path: string; args: string[] } {
  const { script, args } = parseScriptLine(line);
  if (script === "") throw new DomainError("failed", "no script given");
  if (!script.endsWith(".sh") || script.includes("/") || script.startsWith(".")) throw new DomainError("failed", `invalid script: ${JSON.stringify(script)} (a .sh file in Scripts)`);
  const dir = join(sdRoot, "Scripts");
  const path = join(dir, script);
  if (!existsSync(path)) throw new DomainError("failed", `script not found: ${script}`);
  return { script, dir, path, args };
}

const logger = log.withTag("mister");
const MENU_WAIT_MS = 5000;
const quote = (s: string) => `'${s.replaceAll("'", "'\\''")}'`;

/** True when a process runs MiSTer's script launcher (ours, or one MiSTer's own Scripts menu started). */
function scriptRunning(procRoot: string, launcher: string): boolean {
  return listPids(procRoot).some((pid) => {
    try {
      return readFileSync(join(procRoot, String(pid), "cmdline"), "utf8").split("\0").includes(launcher);
    } catch {
      return false; // gone meanwhile
    }
  });
}

/**
 * `mister.script:<name>.sh args` shown on MiSTer's screen, the way MiSTer's own Scripts menu runs one: back to
 * the menu if a core runs, the console taken from MiSTer Main (see MisterConsole), `chvt 2`, a launcher written
 * to `/tmp/script` (MiSTer's script environment, `cd` to Scripts, the script with its arguments quoted), run by
 * `agetty` logged in as root on tty2 in a session of its own. Resolves once the script started, with its process
 * (group); when it ends the console goes back to MiSTer Main.
 */
export async function showMisterScript(o: {
  sdRoot: string;
  line: string;
  paths: ConsolePaths;
  console: MisterConsole;
  spawn: Spawn;
  menu(): void;
  signal?: AbortSignal;
}): Promise<ChildProcessHandle> {
  const { path, dir, args } = resolveScript(o.sdRoot, o.line);
  const launcher = join(o.paths.tmpDir, "script");
  if (scriptRunning(o.paths.procRoot, launcher)) throw new DomainError("failed", "a script is already running");
  const coreName = join(o.paths.tmpDir, "CORENAME");
  const core = readText(coreName);
  if (core !== "" && core !== MENU_CORE) {
    // The console needs the menu's plain video mode.
    o.menu();
    const end = Date.now() + MENU_WAIT_MS;
    while (readText(coreName) !== MENU_CORE) {
      if (Date.now() > end || o.signal?.aborted) throw new DomainError("failed", "MiSTer did not return to the menu for the script");
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  await o.console.open(SCRIPT_VT, o.signal);
  try {
    await o.console.chvt(SCRIPT_VT);
    const env = Object.entries(SCRIPT_ENV).map(([k, v]) => `export ${k}=${quote(v)}\n`).join("");
    writeFileSync(launcher, `#!/bin/bash\n${env}cd -- ${quote(dir)}\n${[path, ...args].map(quote).join(" ")}\n`, { mode: 0o750 });
    const child = await o.spawn([o.paths.agetty, "-a", "root", "-l", launcher, "--nohostname", "-L", `tty${SCRIPT_VT}`, "linux"], { detached: true });
    void child.exited
      .then((e) => logger.debug(`script ${path} ended: ${e.signal ?? `exit ${e.code}`}`))
      .finally(() => o.console.close())
      .catch((err: unknown) => logger.warn(`cannot give MiSTer's console back: ${(err as Error).message}`));
    return child;
  } catch (err) {
    await o.console.close().catch(() => undefined);
    throw err;
  }
}
