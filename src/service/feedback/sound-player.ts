/**
 * Plays a WAV through ALSA's `aplay` (or the configured player, which gets the same arguments): the sound goes
 * to the player's stdin, the call returns at once and never fails. A player that is not installed, or that
 * fails (no sound device, no permission), is logged once and otherwise ignored; a player that hangs is killed.
 */
import { log } from "../../log.ts";
import type { Runtime } from "../../runtime/types.ts";

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

  constructor(
    private readonly settings: () => PlayerSettings,
    private readonly spawn: Runtime["spawn"],
  ) {}

  play(wav: Uint8Array): void {
    void this.run(wav);
  }

  private async run(wav: Uint8Array): Promise<void> {
    const { player, device } = this.settings();
    const args = ["-q", ...(device ? ["-D", device] : []), "-"];
    let child;
    try {
      child = await this.spawn([player, ...args], { stdin: wav, keepStderr: 512, timeoutMs: PLAYER_TIMEOUT_MS });
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      const why = code === "ENOENT" ? "is not installed" : `cannot be started (${(err as Error).message})`;
      this.warnOnce(player, `the audio player ${player} ${why}; scan sounds are skipped`);
      return;
    }
    const { code, signal, stderr } = await child.exited;
    if (code === 0) return;
    const why = code !== null ? `exit ${code}` : `signal ${signal}`;
    const detail = stderr.trim().split("\n").pop() ?? "";
    const message = `the audio player ${player} failed (${why})${detail ? `: ${detail}` : ""}`;
    if (this.warned.has(`${player}\0failed`)) logger.debug(message);
    else this.warnOnce(`${player}\0failed`, `${message}; scan sounds may be silent (repeats are logged at debug level)`);
  }

  private warnOnce(player: string, message: string): void {
    if (this.warned.has(player)) return;
    this.warned.add(player);
    logger.warn(message);
  }
}
