import { join } from "node:path";
import { exec } from "../release/exec.ts";

/**
 * The service bundled for Node (one ESM file from src/main-node.ts), exactly as the linux-armv7 build ships
 * it. The tests that run the Node side on x64 bundle through here too, so both stay the same bundle.
 */
export function bundleForNode(o: { root: string; outfile: string; bun?: string; version?: string }): Promise<string> {
  return exec(o.bun ?? process.execPath, [
    "build",
    join(o.root, "src", "main-node.ts"),
    "--target=node",
    "--format=esm",
    "--minify",
    ...(o.version ? [`--define=TAPSERVE_BUILD_VERSION=${JSON.stringify(o.version)}`] : []),
    `--outfile=${o.outfile}`,
  ]);
}
