/**
 * How long the fuzz tests run. Every property runs TAPSERVE_FUZZ_RUNS cases (default 200: the fuzz folder
 * then adds seconds to the normal suite; `make fuzz` runs 20000) from a fixed seed, so a run is repeatable;
 * TAPSERVE_FUZZ_SEED picks another seed. On failure fast-check prints the seed and the path of the
 * shrunk counterexample, which reproduce it with the same settings.
 */
import fc from "fast-check";

const DEFAULT_RUNS = 200;
const DEFAULT_SEED = 0x7a9;

function envInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === "") return fallback;
  const n = Number(raw);
  if (!Number.isSafeInteger(n)) throw new Error(`${name} must be an integer, got ${raw}`);
  return n;
}

export const FUZZ_RUNS = Math.max(1, envInt("TAPSERVE_FUZZ_RUNS", DEFAULT_RUNS));
export const FUZZ_SEED = envInt("TAPSERVE_FUZZ_SEED", DEFAULT_SEED);

/**
 * Per-test time-out (ms), growing with the number of runs: 5 ms a case, which also covers the properties
 * that run a fraction of the cases but cost far more per case.
 */
export const fuzzTimeout = () => Math.max(10_000, FUZZ_RUNS * 5);

/**
 * Checks a property with the configured runs and seed. `scale` shrinks the run count for properties whose
 * single case is expensive (elliptic-curve work), never below 10 cases.
 */
export function fuzz<Ts>(property: fc.IAsyncProperty<Ts>, scale?: number): Promise<void>;
export function fuzz<Ts>(property: fc.IProperty<Ts>, scale?: number): void;
export function fuzz<Ts>(property: fc.IAsyncProperty<Ts> | fc.IProperty<Ts>, scale = 1): Promise<void> | void {
  const params = { numRuns: Math.max(10, Math.ceil(FUZZ_RUNS * scale)), seed: FUZZ_SEED };
  return property.isAsync() ? fc.assert(property as fc.IAsyncProperty<Ts>, params) : fc.assert(property as fc.IProperty<Ts>, params);
}
