import { exec } from "./exec.ts";
import type { DistTarget } from "./targets.ts";

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
}

/**
 * One self-contained, minified executable for a device. A device binary never reads a stray .env or
 * bunfig.toml from the folder it is started in.
 */
export async function compileBinary(o: CompileOptions): Promise<void> {
  const args = [
    "build",
    o.entry,
    "--compile",
    "--minify",
    `--target=${o.target.bunTarget}`,
    `--compile-executable-path=${o.targetExecutable}`,
    "--no-compile-autoload-dotenv",
    "--no-compile-autoload-bunfig",
    `--outfile=${o.outfile}`,
  ];
  for (const [k, v] of Object.entries(o.defines ?? {})) args.push(`--define=${k}=${JSON.stringify(v)}`);
  await exec(o.bun, args);
}
