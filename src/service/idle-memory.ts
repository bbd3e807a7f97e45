import type { Clock } from "../core/clock.ts";
import type { Lifecycle } from "./lifecycle.ts";

/**
 * How long the service must be quiet (no method call, no event, no index run) before it hands memory back. A
 * release costs a full collection and the compiling again of what runs next (~80 ms of CPU on x64, several times
 * that on a Pi): long enough that a device in use (a tag every few seconds, a phone browsing) does not pay for it.
 */
export const QUIET_BEFORE_RELEASE_MS = 20_000;

/**
 * How soon after long work ends (an index run) its memory goes back: what it allocated is garbage at once, and a
 * release costs little next to the run (a device indexes after a boot or a new drive, then idles).
 */
export const AFTER_WORK_RELEASE_MS = 1_000;

/**
 * Hands memory back once the service has gone quiet after some work (runtime `releaseMemory`): what start-up, a
 * search or an index run compiled and allocated and no longer uses. Once per quiet spell: a service left alone is
 * not woken again, and one kept busy (calls, events, an index run) never pays for a release it would undo.
 */
export class IdleMemoryRelease implements Lifecycle {
  readonly name = "idle memory release";
  private timer: unknown = null;
  private stopped = false;

  constructor(
    private readonly o: {
      release: () => void;
      /** Long work under way (an index run, a scrape): a release waits until it is over. */
      busy: () => boolean;
      clock: Clock;
      quietMs?: number;
      afterWorkMs?: number;
    },
  ) {}

  /** Start-up is work too: its leftovers go at the first quiet spell. */
  start(): void {
    this.activity();
  }

  /** Something happened: the release waits for a quiet spell after it. */
  activity(): void {
    if (this.stopped) return;
    if (this.timer !== null) this.o.clock.clear(this.timer);
    this.timer = this.o.clock.set(() => this.quiet(), this.o.quietMs ?? QUIET_BEFORE_RELEASE_MS);
  }

  /** Long work just ended: the release comes soon (AFTER_WORK_RELEASE_MS), unless something else happens first. */
  workDone(): void {
    if (this.stopped) return;
    if (this.timer !== null) this.o.clock.clear(this.timer);
    this.timer = this.o.clock.set(() => this.quiet(), this.o.afterWorkMs ?? AFTER_WORK_RELEASE_MS);
  }

  stop(): void {
    this.stopped = true;
    if (this.timer !== null) this.o.clock.clear(this.timer);
    this.timer = null;
  }

  private quiet(): void {
    this.timer = null;
    if (this.o.busy()) return this.activity();
    this.o.release();
  }
}
