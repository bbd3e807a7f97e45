/**
 * Which launch script commands a platform can run, and why not (`tapserve parse`). The names are those of the
 * command table (src/service/launch/commands/table.ts; a unit test keeps the two equal). Pure data.
 */
const EVERYWHERE = [
  "launch", "launch.title", "launch.random", "launch.search", "launch.last", "random", "profile", "profile.clear", "stop", "delay", "echo",
  "execute", "shell", "command", "http.get", "http.post", "get", "control", "write",
  "playlist.play", "playlist.stop", "playlist.next", "playlist.previous", "playlist.goto", "playlist.pause", "playlist.load", "playlist.open",
];
const INPUT = ["input.keyboard", "input.gamepad", "input.text", "input.coinp1", "input.coinp2", "input.coinp3", "input.coinp4", "input.key", "key", "coinp1", "coinp2"];
/**
 * MiSTer's own commands: elsewhere the reference accepts them and does nothing (a tag written for a MiSTer runs the
 * rest of its script on a PC), except on the platforms of MISTER_COMMANDS_REFUSED.
 */
const MISTER_COMMANDS = ["mister.core", "mister.ini", "mister.mgl", "mister.script", "mister.wallpaper", "ini"];
/** Platforms whose reference refuses MiSTer's commands (its Batocera platform answers "command not supported"). */
const MISTER_COMMANDS_REFUSED = ["batocera"];
/** Commands only MiSTer runs (`launch.system:menu` excepted: the menu, everywhere). */
const MISTER_ONLY = ["launch.system", "system", "screenshot"];

/** MiSTer and MiSTeX (MiSTer on a Xilinx board: the same commands; see platformFamily in platforms/detect.ts). */
const MISTER_FAMILY = ["mister", "mistex"];

export const KNOWN_COMMANDS: readonly string[] = [...EVERYWHERE, ...INPUT, ...MISTER_COMMANDS, ...MISTER_ONLY];

export type Support = { ok: true; note?: string } | { ok: false; why: string };

/**
 * Why a MiSTer command does nothing on `platform` (the script goes on), or undefined where it runs (MiSTer) or is
 * refused (see misterCommandRefused). The same words on every platform, for the trace and `tapserve parse`.
 */
export function misterCommandSkipped(name: string, platform: string): string | undefined {
  if (!MISTER_COMMANDS.includes(name) || MISTER_FAMILY.includes(platform) || MISTER_COMMANDS_REFUSED.includes(platform)) return undefined;
  return "MiSTer only: skipped on this platform, the script goes on";
}

/** Whether `platform` can run the command `name`, with the reason when it cannot. */
export function commandSupport(name: string, platform: string): Support {
  const mister = MISTER_FAMILY.includes(platform);
  if (MISTER_COMMANDS.includes(name)) {
    const skipped = misterCommandSkipped(name, platform);
    if (mister) return { ok: true };
    return skipped ? { ok: true, note: skipped } : { ok: false, why: `only MiSTer can run ${name} (this is ${platform})` };
  }
  if (MISTER_ONLY.includes(name)) {
    if (mister) return { ok: true };
    const menu = name === "screenshot" ? "" : `, except ${name}:menu`;
    return { ok: false, why: `only MiSTer can run ${name}${menu} (this is ${platform})` };
  }
  if (INPUT.includes(name)) return { ok: true, note: "needs write access to /dev/uinput (virtual keyboard and gamepad)" };
  if (EVERYWHERE.includes(name)) {
    if (name === "execute" || name === "shell" || name === "command") return { ok: true, note: "only programs zapscript.allow_execute lists" };
    return { ok: true };
  }
  return { ok: false, why: `unknown command: ${name}` };
}
