/**
 * A manual clock for code that takes its time from outside: `now` for code that reads the time (a
 * `now: () => number` option), and the one-shot timers of src/core/clock.ts (the app's clock) for code that waits.
 * Nothing fires until the test calls `advance(ms)`, which runs the timers that fall due in time order (timers
 * set by a firing timer run too when they fall inside the advance) and lets the promise work each one starts
 * finish before the next fires, so a test shows "nothing happened" without sleeping.
 */
import type { Clock } from "../../src/core/clock.ts";

interface Pending {
  id: number;
  at: number;
  fn: () => void;
}

/** Lets queued promise callbacks and I/O callbacks of the in-memory fakes run. */
export async function settle(rounds = 3): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise<void>((r) => setImmediate(r));
}

export class ManualClock implements Clock {
  private t: number;
  private ids = 0;
  private queue: Pending[] = [];

  constructor(start = 0) {
    this.t = start;
  }

  /** The current time in ms; a bound function, to hand over as a `now` option. */
  readonly now = (): number => this.t;

  set(fn: () => void, ms: number): number {
    const id = ++this.ids;
    this.queue.push({ id, at: this.t + Math.max(0, ms), fn });
    return id;
  }

  clear(handle: unknown): void {
    this.queue = this.queue.filter((p) => p.id !== handle);
  }

  /** Timers waiting to fire. */
  get pending(): number {
    return this.queue.length;
  }

  /** Moves time forward by `ms`, firing due timers in order (ties in the order they were set). */
  async advance(ms: number): Promise<void> {
    const target = this.t + ms;
    while (true) {
      const due = this.queue.filter((p) => p.at <= target).sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (!due) break;
      this.queue = this.queue.filter((p) => p !== due);
      this.t = due.at;
      due.fn();
      await settle();
    }
    this.t = target;
    await settle();
  }
}
