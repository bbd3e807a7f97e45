/**
 * Plays a WAV through ALSA's `aplay` (or the configured player, which gets the same arguments): the sound goes
 * to the player's stdin, the call returns at once and never fails. A player that is not installed, or that
 * fails (no sound device, no permission), is logged once and otherwise ignored; a player that hangs is killed.
 */
import { spawn } from "node:child_process";
import { log } from "../../log.ts";

const logger = log.withTag("audio");
const PLAYER_TIMEOUT_MS = 10_000;

export interface SoundPlayer {
  play(wav: Uint8Array): void;
}

export interface PlayerSettings {
  /** Program to run; `aplay` looked up on PATH by default. */
  player: string;
  /** ALSA device (`-D`); empty: the system default. */
  device: string;
}

export class AplayPlayer implements SoundPlayer {
  private readonly warned = new Set<string>();

  constructor(private readonly settings: () => PlayerSettings) {}

  play(wav: Uint8Array): void {
    const { player, device } = this.settings();
    const args = ["-q", ...(device ? ["-D", device] : []), "-"];
    let child;
    try {
      child = spawn(player, args, { stdio: ["pipe", "ignore", "pipe"] });
    } catch (err) {
      this.warnOnce(player, `cannot run the audio player ${player}: ${(err as Error).message}; scan sounds are skipped`);
      return;
    }
    const timer = setTimeout(() => child.kill("SIGKILL"), PLAYER_TIMEOUT_MS);
    timer.unref?.();
    let stderr = "";
    child.stderr?.on("data", (chunk: Buffer) => {
      if (stderr.length < 512) stderr += chunk.toString("utf8");
    });
    let spawnFailed = false;
    child.once("error", (err: NodeJS.ErrnoException) => {
      spawnFailed = true;
      clearTimeout(timer);
      const why = err.code === "ENOENT" ? "is not installed" : `cannot be started (${err.code ?? err.message})`;
      this.warnOnce(player, `the audio player ${player} ${why}; scan sounds are skipped`);
    });
    child.once("close", (code, signal) => {
      clearTimeout(timer);
      if (code === 0 || spawnFailed) return;
      const why = code !== null ? `exit ${code}` : `signal ${signal}`;
      const detail = stderr.trim().split("\n").pop() ?? "";
      const message = `the audio player ${player} failed (${why})${detail ? `: ${detail}` : ""}`;
      if (this.warned.has(`${player}\0failed`)) logger.debug(message);
      else this.warnOnce(`${player}\0failed`, `${message}; scan sounds may be silent (repeats are logged at debug level)`);
    });
    child.stdin?.on("error", () => {}); // the player may exit before reading everything
    child.stdin?.end(wav);
    child.unref();
  }

  private warnOnce(player: string, message: string): void {
    if (this.warned.has(player)) return;
    this.warned.add(player);
    logger.warn(message);
  }
}
