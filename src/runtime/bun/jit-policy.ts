/**
 * How much later than normal the JIT compiles run-once code (`Bun.unsafe.setJITPolicy` scale): a device build
 * starts with it (build/release/compile.ts, `--compile-jit-policy`) until the service is listening (runtime
 * `settled()` then restores the normal policy, 1), and the runtime's `runOnceCode` runs under it later. Run-once
 * code is not worth the JIT's time or memory.
 */
export const RUN_ONCE_JIT_POLICY = 100;
