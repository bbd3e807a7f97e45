/**
 * Which keys launch scripts may press (`input.keyboard`, `input.gamepad`, `input.text`, `input.key`), as the
 * reference rules: config `zapscript.input` with
 *
 * - `allow`: when non-empty, only these keys (compared without case) and nothing else;
 * - `block`: keys never pressed; unset means the desktop defaults on desktop platforms (console switching,
 *   closing windows …), `[]` means none;
 * - `mode`: `unrestricted` (any key) or `combos` (only named keys and combos such as `{f1}` or `{ctrl+q}`, no
 *   plain characters). The default is unrestricted on game-console platforms (MiSTer, Batocera, Recalbox,
 *   RetroPie, LibreELEC) and combos elsewhere.
 *
 * The phone app's remote input (the API) is not restricted by this: it is the user at the device's controls.
 */
export interface InputPolicy {
  mode?: "combos" | "unrestricted";
  allow: readonly string[];
  block?: readonly string[];
}

export const DESKTOP_BLOCK_LIST: readonly string[] = [
  "{ctrl+alt+f1}", "{ctrl+alt+f2}", "{ctrl+alt+f3}", "{ctrl+alt+f4}", "{ctrl+alt+f5}", "{ctrl+alt+f6}", "{ctrl+alt+f7}",
  "{ctrl+alt+delete}", "{ctrl+alt+t}", "{alt+sysrq}", "{super}", "{meta}", "{alt+f4}", "{cmd+space}", "{cmd+q}",
];

const CONSOLE_PLATFORMS = new Set(["mister", "mistex", "batocera", "recalbox", "libreelec", "retropie", "replayos"]);
const DESKTOP_PLATFORMS = new Set(["linux", "windows", "mac", "steamos", "chimeraos", "bazzite"]);

const listed = (key: string, list: readonly string[]) => list.some((k) => k.toLowerCase() === key.toLowerCase());

/** A named key or combo: braces around more than one character (`{f1}`, `{ctrl+q}`; not `a` or `{a}`). */
const isSpecialKey = (key: string) => key.length >= 4 && key.startsWith("{") && key.endsWith("}");

/** Why a script may not press `key` on this platform, or undefined when it may. */
export function inputKeyRefusal(key: string, policy: InputPolicy, platform: string): string | undefined {
  if (policy.allow.length > 0) return listed(key, policy.allow) ? undefined : `input key not allowed: ${key} (not in zapscript.input.allow)`;
  const block = policy.block ?? (DESKTOP_PLATFORMS.has(platform) ? DESKTOP_BLOCK_LIST : []);
  if (listed(key, block)) return `input key blocked: ${key}`;
  const mode = policy.mode ?? (CONSOLE_PLATFORMS.has(platform) ? "unrestricted" : "combos");
  if (mode === "combos" && !isSpecialKey(key)) return `input key not allowed: ${key} (zapscript.input.mode is combos: only named keys and combos)`;
  return undefined;
}
