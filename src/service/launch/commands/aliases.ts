import { CommandError, type CommandHandler } from "./types.ts";

/**
 * The reference's deprecated command names and the command each runs (its `pkg/zapscript/commands.go`). The
 * input aliases (`input.key`, `key`, `coinp1`, `coinp2`) live with the input commands (input.ts).
 */
export const COMMAND_ALIASES: Readonly<Record<string, string>> = {
  random: "launch.random",
  system: "launch.system",
  shell: "execute",
  command: "execute",
  get: "http.get",
  ini: "mister.ini",
  "input.key": "input.keyboard",
  key: "input.keyboard",
  coinp1: "input.coinp1",
  coinp2: "input.coinp2",
};

/** The command an alias stands for, or the name itself. */
export const canonicalCommand = (name: string): string => COMMAND_ALIASES[name] ?? name;

/**
 * Handlers for the aliases not already in `table`: each runs its target's handler (looked up when it runs, so a
 * platform without the target, e.g. `ini` → `mister.ini` off MiSTer, fails as unsupported, naming both).
 */
export function aliasHandlers(table: Readonly<Record<string, CommandHandler>>): Record<string, CommandHandler> {
  const out: Record<string, CommandHandler> = {};
  for (const [alias, target] of Object.entries(COMMAND_ALIASES)) {
    if (alias in table) continue;
    out[alias] = (cmd, env) => {
      const handler = table[target];
      if (!handler) throw new CommandError(`${alias} (${target}): not supported here`, true);
      return handler(cmd, env);
    };
  }
  return out;
}

/**
 * Why `zapscript.block_commands` refuses a command, or null. Names compare case-insensitively, and an alias is
 * refused when its target is listed (blocking `execute` also blocks `shell` and `command`), and the reverse.
 */
export function blockedReason(name: string, blockList: readonly string[]): string | null {
  if (blockList.length === 0) return null;
  const listed = new Set(blockList.map((b) => canonicalCommand(b.trim().toLowerCase())));
  return listed.has(canonicalCommand(name)) ? `${name}: blocked by zapscript.block_commands` : null;
}
