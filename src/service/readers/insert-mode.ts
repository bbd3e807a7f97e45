/**
 * Insert ("hold") mode: media runs while its token stays on the reader. On removal, after `exit_delay`
 * seconds, the active media is stopped unless its system is in `ignore_system`; putting the same token back
 * within the delay cancels the stop (and does not relaunch). Tap mode does nothing on removal.
 */
import { type Clock, systemClock } from "../../core/clock.ts";
import type { ActiveMediaSource } from "../../core/media-types.ts";
import { systemCatalog } from "../../core/systems/catalog.ts";
import type { ScannedToken } from "../../core/token.ts";
import { log } from "../../log.ts";
import { sameToken } from "./token-state.ts";

const logger = log.withTag("readers");

export interface ScanSettings {
  mode: "tap" | "hold";
  exit_delay: number;
  ignore_system: readonly string[];
}

/** One-shot timers: the clock's (tests: a manual clock). */
export type Timers = Pick<Clock, "set" | "clear">;
export const realTimers: Timers = systemClock;

export class InsertMode {
  private pending: { handle: unknown; token: ScannedToken } | null = null;

  constructor(
    private readonly settings: () => ScanSettings,
    private readonly activeMedia: ActiveMediaSource,
    private readonly stopMedia: () => unknown,
    private readonly timers: Timers = realTimers,
  ) {}

  /** A token arrived; returns whether it should be launched. */
  inserted(token: ScannedToken): boolean {
    const pending = this.pending;
    if (!pending) return true;
    this.cancel();
    if (this.settings().mode === "hold" && sameToken(pending.token, token) && this.activeMedia.current()) {
      logger.info("token put back within the exit delay; media keeps running");
      return false;
    }
    return true;
  }

  /** A token left its reader. */
  removed(token: ScannedToken): void {
    const s = this.settings();
    if (s.mode !== "hold") return;
    this.cancel();
    // Checked when the delay ends, not now: the launch this token started may still be on its way.
    const handle = this.timers.set(() => {
      this.pending = null;
      const now = this.activeMedia.current();
      if (!now || this.ignored(now.systemId, this.settings())) return;
      logger.info(`token removed ${s.exit_delay}s ago: stopping ${now.systemId} media`);
      Promise.resolve()
        .then(() => this.stopMedia())
        .catch((err) => logger.warn("insert mode could not stop the media:", err));
    }, Math.round(s.exit_delay * 1000));
    this.pending = { handle, token };
    logger.info(`token removed: media stops in ${s.exit_delay}s unless it is put back`);
  }

  stop(): void {
    this.cancel();
  }

  private cancel(): void {
    if (this.pending) this.timers.clear(this.pending.handle);
    this.pending = null;
  }

  private ignored(systemId: string, s: ScanSettings): boolean {
    const catalog = systemCatalog();
    return s.ignore_system.some((name) => catalog.nameMeans(name, systemId));
  }
}
