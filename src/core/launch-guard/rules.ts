import { parseZapScript } from "../zapscript/index.ts";

/**
 * The launch guard's pure rules (the reference's `readers.scan.launch_guard`): which scripts would disturb the
 * media that runs now, and the effective timing of a staged token.
 */

/** Commands that start media (and are subject to the guard): launches, MGL launches and their old aliases. */
const MEDIA_LAUNCHING = new Set([
  "launch",
  "launch.system",
  "launch.random",
  "launch.search",
  "launch.title",
  "launch.last",
  "mister.mgl",
  "random",
  "system",
]);
const PLAYLIST = new Set([
  "playlist.play",
  "playlist.stop",
  "playlist.next",
  "playlist.previous",
  "playlist.goto",
  "playlist.pause",
  "playlist.load",
  "playlist.open",
]);

/** True for commands that start media (the reference's `before_media_start` hook runs before each). */
export const isMediaLaunching = (name: string): boolean => MEDIA_LAUNCHING.has(name);

function disrupting(name: string): boolean {
  return MEDIA_LAUNCHING.has(name) || PLAYLIST.has(name) || name === "stop";
}

/**
 * True when running `script` would replace or stop the media that plays now. A script that does not parse
 * counts as disrupting (nothing proves it harmless); commands aimed at the background slot (`?slot=background`,
 * music behind the game) do not; utility commands (input, delay, http, execute …) pass.
 */
export function disruptsMedia(script: string): boolean {
  let commands;
  try {
    commands = parseZapScript(script).commands;
  } catch {
    return true;
  }
  return commands.some((c) => disrupting(c.name) && (c.advArgs.slot ?? "").trim().toLowerCase() !== "background");
}

export interface LaunchGuardSettings {
  enabled: boolean;
  /** Seconds a staged token waits for confirmation; 0 = the default (15), negative = no time limit. */
  timeout: number;
  /** Seconds after staging before a re-tap may confirm; 0 = at once. */
  delay: number;
  /** Only `confirm` (the API) launches a staged token; a re-tap does not. */
  require_confirm: boolean;
}

export const DEFAULT_GUARD_TIMEOUT_S = 15;

/** The timeout in seconds as the reference applies it: 0 means the default; negative means none (null). */
export function effectiveTimeout(s: Pick<LaunchGuardSettings, "timeout">): number | null {
  if (s.timeout < 0) return null;
  return s.timeout === 0 ? DEFAULT_GUARD_TIMEOUT_S : s.timeout;
}

/** The delay in seconds as the reference applies it: never as long as the timeout (then half of it); 0 without one. */
export function effectiveDelay(s: Pick<LaunchGuardSettings, "timeout" | "delay">): number {
  if (s.delay <= 0) return 0;
  const timeout = effectiveTimeout(s);
  if (timeout === null) return 0;
  return s.delay >= timeout ? timeout / 2 : s.delay;
}
