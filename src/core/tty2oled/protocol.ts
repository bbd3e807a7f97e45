/**
 * The tty2oled display's serial protocol (MiSTer's small OLED display, an Arduino/ESP32 on USB serial at
 * 115200 8N1), as the reference (Zaparoo Core's tty2oled driver) speaks it. Pure: text and bytes only.
 *
 * - Every command is ASCII ending in `\n`; the reference waits 200 ms after each.
 * - Detection: `CMDHWINF`; a display answers `HW…;` (hardware info), or `ttyack` / `ttyrdy` somewhere in it.
 * - On open: the handshake `QWERTZ`, then contrast, clock and screensaver (the reference sends these three
 *   twice: once as part of its handshake, once more to initialise), then `CMDSORG` (the display's own logo) and
 *   a 4 s pause for it.
 * - Media started: `CMDCOR,<picture name>,<transition>` and the picture's raw bytes (2048 bytes XBM, 8192 GSC);
 *   with no picture, `CMDCLS` and the system id as a text line.
 * - Media stopped (the menu on MiSTer): `CMDCLS`.
 */

export const TTY2OLED_BAUD = 115200;
/** The pause after every command, as the reference and tty2oled's own daemon (WAITSECS=0.2). */
export const COMMAND_PAUSE_MS = 200;
/** The pause after the logo on open. */
export const LOGO_PAUSE_MS = 4000;

export const CMD_HARDWARE_INFO = "CMDHWINF";
export const CMD_HANDSHAKE = "QWERTZ";
export const CMD_CORE = "CMDCOR";
export const CMD_CLEAR = "CMDCLS";
export const CMD_CONTRAST = "CMDCON";
export const CMD_SET_TIME = "CMDSETTIME";
export const CMD_SCREENSAVER = "CMDSAVER";
export const CMD_LOGO = "CMDSORG";

/** Picture transitions: -1 lets the display choose (the reference's default), 0 none, 1 slide, 2 fade. */
export const TRANSITION = { auto: "-1", none: "0", slide: "1", fade: "2" } as const;
export const DEFAULT_TRANSITION = TRANSITION.auto;

export const DEFAULT_CONTRAST = 128;
/** Screensaver: every mode (tty2oled logo, MiSTer logo, core, time, date, stars, toasters), 10 s interval, after 120 s. */
export const DEFAULT_SCREENSAVER = { mode: 1 | 2 | 4 | 8 | 16 | 32 | 64, intervalS: 10, startS: 120 } as const;

/** The bytes of one command line. */
export function commandBytes(command: string): Uint8Array {
  return new TextEncoder().encode(`${command}\n`);
}

/** The settings sent after the handshake: contrast, the clock (Unix seconds), the screensaver. */
export function settingsCommands(unixSeconds: number): string[] {
  const s = DEFAULT_SCREENSAVER;
  return [`${CMD_CONTRAST},${DEFAULT_CONTRAST}`, `${CMD_SET_TIME},${Math.floor(unixSeconds)}`, `${CMD_SCREENSAVER},${s.mode},${s.intervalS},${s.startS}`];
}

/** Everything sent when the display is opened, in order (each line is one command). */
export function openCommands(unixSeconds: number): string[] {
  const settings = settingsCommands(unixSeconds);
  return [CMD_HANDSHAKE, ...settings, ...settings, CMD_LOGO];
}

/** The command that shows a core picture (its bytes follow). */
export function coreCommand(pictureName: string, transition: string = DEFAULT_TRANSITION): string {
  return `${CMD_CORE},${pictureName},${transition}`;
}

/** Whether what a port answered to `CMDHWINF` is a tty2oled display's answer. */
export function isDisplayAnswer(answer: string): boolean {
  const text = answer.trim();
  return (text.startsWith("HW") && text.endsWith(";")) || text.includes("ttyack") || text.includes("ttyrdy");
}
