import { randomBytes } from "node:crypto";
import { closeSync, existsSync, openSync, readFileSync, writeSync } from "node:fs";
import { join } from "node:path";
import { DomainError } from "../../core/errors.ts";
import type { Spawn } from "../shared/process-media.ts";
import { MENU_CORE } from "./tracker-state.ts";

/** Where MiSTer's Linux console is switched; tests point these at a fake MiSTer root. */
export interface ConsolePaths {
  /** MiSTer Main's command FIFO (`/dev/MiSTer_cmd`). */
  cmdPath: string;
  /** MiSTer Main's /tmp: CORENAME, the console lease state, the script launcher. */
  tmpDir: string;
  /** The active virtual terminal (`/sys/devices/virtual/tty/tty0/active`, e.g. `tty1`). */
  ttyActivePath: string;
  /** Where the `ttyN` devices are (`/dev`). */
  devDir: string;
  /** The framebuffer console's cursor blink switch. */
  cursorBlinkPath: string;
  /** Where process folders are (`/proc`): the lease holder's liveness, a running script. */
  procRoot: string;
  /** The program that switches the virtual terminal (`chvt <n>`). */
  chvt: string;
  /** The program that runs a login-less shell script on a terminal (`agetty -a root -l <script> … ttyN`). */
  agetty: string;
}

export const DEFAULT_CONSOLE_PATHS: ConsolePaths = {
  cmdPath: "/dev/MiSTer_cmd",
  tmpDir: "/tmp",
  ttyActivePath: "/sys/devices/virtual/tty/tty0/active",
  devDir: "/dev",
  cursorBlinkPath: "/sys/class/graphics/fbcon/cursor_blink",
  procRoot: "/proc",
  chvt: "chvt",
  agetty: "/sbin/agetty",
};

/** The terminal MiSTer Main shows on F9; scripts run on tty2 by MiSTer's convention. */
export const F9_VT = "1";
export const SCRIPT_VT = "2";

/** The state file a lease-aware MiSTer Main writes: `<version> <pid> <state> <nonce>`. */
const LEASE_STATE = "zaparoo_console_state";
const LEASE_VERSION = "1";
const LEASE_WAIT_MS = 3000;
const F9_WAIT_MS = 5000;
const POLL_MS = 20;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Writes one line to MiSTer Main's FIFO, opened read-write so the open never blocks. */
export function sendMainCommand(cmdPath: string, line: string): void {
  if (!existsSync(cmdPath)) throw new DomainError("unavailable", `MiSTer command interface ${cmdPath} not found (is MiSTer Main running?)`);
  const fd = openSync(cmdPath, "r+");
  try {
    writeSync(fd, `${line}\n`);
  } finally {
    closeSync(fd);
  }
}

export function readText(path: string): string {
  try {
    return readFileSync(path, "utf8").trim();
  } catch {
    return "";
  }
}

/** Writes to a terminal or sysfs switch; a missing one is skipped (the console still works without it). */
function poke(path: string, text: string): void {
  try {
    const fd = openSync(path, "w");
    try {
      writeSync(fd, text);
    } finally {
      closeSync(fd);
    }
  } catch {
    // best effort, as the reference
  }
}

/**
 * Takes MiSTer's screen from MiSTer Main for the Linux console and gives it back, as the reference does: through
 * Main's console lease (`zaparoo_console acquire|release <nonce>` on the command FIFO, answered in
 * `/tmp/zaparoo_console_state`) when Main offers it, else by pressing F9 until terminal 1 shows, then `chvt` to
 * the wanted terminal; back with F12 (or the lease's release).
 */
export class MisterConsole {
  private lease: string | null = null;
  private open_: string | null = null;

  constructor(
    private readonly paths: ConsolePaths,
    private readonly spawn: Spawn,
  ) {}

  /** Presses one key on the virtual keyboard (`{f9}`, `{f12}`); absent: only the lease can switch. */
  pressKey?: (key: string) => Promise<void>;

  get isOpen(): boolean {
    return this.open_ !== null;
  }

  async open(vt: string, signal?: AbortSignal): Promise<void> {
    if (this.open_ !== null) return;
    if (this.leaseAvailable()) {
      const nonce = randomBytes(16).toString("hex");
      sendMainCommand(this.paths.cmdPath, `zaparoo_console acquire ${nonce} ${vt}`);
      try {
        await this.waitLease("acquired", nonce, signal);
      } catch (err) {
        sendMainCommand(this.paths.cmdPath, `zaparoo_console release ${nonce}`);
        throw err;
      }
      this.lease = nonce;
    } else {
      await this.openWithF9(vt, signal);
    }
    this.open_ = vt;
    this.clean(F9_VT);
    this.clean(vt);
  }

  async close(): Promise<void> {
    const vt = this.open_;
    if (vt === null) return;
    this.restore(F9_VT);
    if (vt !== F9_VT) this.restore(vt);
    const nonce = this.lease;
    this.open_ = null;
    this.lease = null;
    if (nonce !== null) {
      sendMainCommand(this.paths.cmdPath, `zaparoo_console release ${nonce}`);
      await this.waitLease("released", nonce);
    } else if (this.pressKey) {
      await this.pressKey("{f12}");
    }
  }

  /** `chvt <vt>`; fails when the program fails. */
  async chvt(vt: string): Promise<void> {
    const child = await this.spawn([this.paths.chvt, vt], { timeoutMs: 2000, keepStderr: 200 });
    const exit = await child.exited;
    if (exit.code !== 0) throw new DomainError("failed", `cannot switch to tty${vt}: ${this.paths.chvt} ${exit.signal ?? `exited with ${exit.code}`} ${exit.stderr.trim()}`.trim());
  }

  private leaseAvailable(): boolean {
    const s = this.leaseState();
    return s !== null && s.version === LEASE_VERSION && s.pid > 0 && existsSync(join(this.paths.procRoot, String(s.pid)));
  }

  private leaseState(): { version: string; pid: number; state: string; nonce: string } | null {
    const f = readText(join(this.paths.tmpDir, LEASE_STATE)).split(/\s+/);
    if (f.length !== 4 || !/^\d+$/.test(f[1]!)) return null;
    return { version: f[0]!, pid: Number(f[1]), state: f[2]!, nonce: f[3]! };
  }

  private async waitLease(want: string, nonce: string, signal?: AbortSignal): Promise<void> {
    const end = Date.now() + LEASE_WAIT_MS;
    for (;;) {
      const s = this.leaseState();
      if (s?.nonce === nonce) {
        if (s.state === want) return;
        if (s.state === "busy" || s.state === "failed") throw new DomainError("failed", `MiSTer Main answered the console lease with "${s.state}"`);
      }
      if (signal?.aborted) throw new DomainError("failed", "stopped");
      if (Date.now() > end) throw new DomainError("failed", `MiSTer Main did not answer the console lease (${want}) in time`);
      await sleep(POLL_MS);
    }
  }

  private async openWithF9(vt: string, signal?: AbortSignal): Promise<void> {
    if (!this.pressKey) throw new DomainError("unavailable", "cannot show MiSTer's console: no virtual keyboard for F9 and MiSTer Main offers no console lease");
    // From the menu a chvt first wakes the terminals (a sleeping menu eats F9); not over a running core.
    if (readText(join(this.paths.tmpDir, "CORENAME")) === MENU_CORE) await this.chvt(vt).catch(() => undefined);
    const end = Date.now() + F9_WAIT_MS;
    let backoff = 50;
    while (Date.now() < end) {
      if (signal?.aborted) throw new DomainError("failed", "stopped");
      await this.pressKey("{f9}");
      await sleep(backoff);
      backoff = Math.min(500, backoff * 1.5);
      if (readText(this.paths.ttyActivePath) === `tty${F9_VT}`) {
        if (vt !== F9_VT) await this.chvt(vt).catch(() => undefined);
        return;
      }
    }
    throw new DomainError("failed", `MiSTer's console did not show after F9 (active terminal: ${readText(this.paths.ttyActivePath) || "unknown"})`);
  }

  /** Clears the terminal and hides its cursor. */
  private clean(vt: string): void {
    poke(join(this.paths.devDir, `tty${vt}`), "\x1b[2J\x1b[H");
    poke(this.paths.cursorBlinkPath, "0");
    poke(join(this.paths.devDir, `tty${vt}`), "\x1b[?25l");
  }

  private restore(vt: string): void {
    poke(join(this.paths.devDir, `tty${vt}`), "\x1b[?25h");
    poke(this.paths.cursorBlinkPath, "1");
  }
}
