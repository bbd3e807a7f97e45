import type { Clock } from "../../core/clock.ts";
import type { Progress } from "../media/status.ts";
import type { InboxSink } from "./inbox-service.ts";
import { indexStalled } from "./producers.ts";

/** How long an index run may go without a step of work before the owner is told (a hung network share, say). */
export const INDEX_STALL_MS = 5 * 60_000;

/**
 * Watches one index run at a time through the indexer's progress calls (every folder walked and every batch
 * written is one): when a run goes `limitMs` without one, one inbox message says where it stopped. The run is
 * left alone (it may still finish); a later run that stalls is told again. Time comes from the injected clock.
 */
export class IndexStallWatch {
  private lastAt = 0;
  private last: Progress | null = null;
  private timer: unknown = null;
  private told = false;

  constructor(
    private readonly deps: { clock: Clock; inbox: InboxSink; limitMs?: number | undefined },
  ) {}

  private get limit(): number {
    return this.deps.limitMs ?? INDEX_STALL_MS;
  }

  /** The indexer's progress call: a run's step (null: the run ended). */
  observe(progress: Progress | null): void {
    if (progress === null) {
      this.reset();
      return;
    }
    const starting = this.last === null;
    this.last = { ...progress };
    this.lastAt = this.deps.clock.now();
    if (starting) this.schedule(this.limit);
  }

  /** Forgets the run (ended, or the service stops). */
  reset(): void {
    if (this.timer !== null) this.deps.clock.clear(this.timer);
    this.timer = null;
    this.last = null;
    this.told = false;
  }

  private schedule(ms: number): void {
    this.timer = this.deps.clock.set(() => this.check(), ms);
  }

  private check(): void {
    this.timer = null;
    if (this.last === null || this.told) return;
    const quiet = this.deps.clock.now() - this.lastAt;
    if (quiet < this.limit) {
      this.schedule(this.limit - quiet);
      return;
    }
    this.told = true;
    indexStalled(this.deps.inbox, { ...this.last, quietMs: quiet });
  }
}
