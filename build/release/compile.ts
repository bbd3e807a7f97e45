import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { exec } from "./exec.ts";
import type { DistTarget } from "./targets.ts";
import { RUN_ONCE_JIT_POLICY } from "../../src/runtime/bun/jit-policy.ts";

export interface CompileOptions {
  /** The Bun that bundles (the pinned one running the build). */
  bun: string;
  entry: string;
  outfile: string;
  target: DistTarget;
  /** The target's Bun executable (see bun-executable.ts), so nothing is downloaded. */
  targetExecutable: string;
  /** Identifiers replaced at build time, e.g. { TAPSERVE_BUILD_VERSION: "2.0.0" }. */
  defines?: Record<string, string>;
  /** A bytecode order file a run of an earlier build wrote (bytecode-order.ts): its functions are laid out first. */
  bytecodeOrder?: string;
}

/** Start-up code stays in the interpreter until the service is listening (src/runtime/bun/jit-policy.ts). */
export const START_JIT_POLICY = RUN_ONCE_JIT_POLICY;

/**
 * One self-contained, minified executable for a device. A device binary never reads a stray .env or
 * bunfig.toml from the folder it is started in. Its code ships as precompiled bytecode (no parsing at start),
 * and it starts with the JIT held back (START_JIT_POLICY). Both cut start time and idle memory on devices.
 * Code is split into chunks (--splitting): what is imported dynamically (web assets, MQTT, …) is a chunk of its
 * own, whose bytecode is read and run only at that import, so it is neither in the idle RSS nor run at start.
 */
export async function compileBinary(o: CompileOptions): Promise<void> {
  const args = [
    "build",
    o.entry,
    ...threadEntries(o.entry),
    "--compile",
    "--splitting",
    "--minify",
    "--bytecode",
    ...(o.bytecodeOrder ? [`--bytecode-order=${o.bytecodeOrder}`] : []),
    "--format=esm",
    `--compile-jit-policy=${START_JIT_POLICY}`,
    `--target=${o.target.bunTarget}`,
    `--compile-executable-path=${o.targetExecutable}`,
    "--no-compile-autoload-dotenv",
    "--no-compile-autoload-bunfig",
    `--outfile=${o.outfile}`,
  ];
  for (const [k, v] of Object.entries(o.defines ?? {})) args.push(`--define=${k}=${JSON.stringify(v)}`);
  await exec(o.bun, args);
}

/**
 * Modules the service starts as threads (runtime startThread), relative to src/: each is an entry point of its
 * own in the binary, found there by this path (runtime/bun/thread.ts). Added when compiling src/main.ts.
 */
export const SERVICE_THREADS = ["service/media/index-thread-worker.ts", "service/media/split-run-worker.ts"];

function threadEntries(entry: string): string[] {
  const src = dirname(entry);
  return SERVICE_THREADS.map((rel) => join(src, rel)).filter((path) => entry.endsWith("main.ts") && existsSync(path));
}
