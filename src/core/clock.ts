/**
 * Time as the service sees it: wall-clock milliseconds and one-shot timers. Injected wherever behaviour waits
 * on time (grace periods, rate windows, insert mode), so tests drive it with a manual clock (test/fakes/clock.ts)
 * instead of sleeping.
 */
export interface Clock {
  now(): number;
  /** Calls `fn` once after `ms`; the handle goes to `clear`. */
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};
