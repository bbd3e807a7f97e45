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
const MISTER_ONLY = ["mister.core", "mister.ini", "mister.mgl", "mister.script", "mister.wallpaper", "ini", "launch.system", "system", "screenshot"];

/** MiSTer and MiSTeX (MiSTer on a Xilinx board: the same commands; see platformFamily in platforms/detect.ts). */
const MISTER_FAMILY = ["mister", "mistex"];

export const KNOWN_COMMANDS: readonly string[] = [...EVERYWHERE, ...INPUT, ...MISTER_ONLY];

export type Support = { ok: true; note?: string } | { ok: false; why: string };

/** Whether `platform` can run the command `name`, with the reason when it cannot. */
export function commandSupport(name: string, platform: string): Support {
  if (MISTER_ONLY.includes(name)) return MISTER_FAMILY.includes(platform) ? { ok: true } : { ok: false, why: `only MiSTer can run ${name} (this is ${platform})` };
  if (INPUT.includes(name)) return { ok: true, note: "needs write access to /dev/uinput (virtual keyboard and gamepad)" };
  if (EVERYWHERE.includes(name)) {
    if (name === "execute" || name === "shell" || name === "command") return { ok: true, note: "only programs zapscript.allow_execute lists" };
    return { ok: true };
  }
  return { ok: false, why: `unknown command: ${name}` };
}
