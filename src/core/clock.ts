/**
 * Time as the service sees it: wall-clock milliseconds and one-shot timers. Injected wherever behaviour waits
 * on time (grace periods, rate windows, insert mode), so tests drive it with a manual clock (test/fakes/clock.ts)
 * instead of sleeping.
 */
export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};
