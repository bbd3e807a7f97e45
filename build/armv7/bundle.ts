import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { exec } from "../release/exec.ts";

/**
 * The service bundled for Node (one ESM file from src/main-node.ts), exactly as the linux-armv7 build ships
 * it. The tests that run the Node side on x64 bundle through here too, so both stay the same bundle.
 */
export async function bundleForNode(o: { root: string; outfile: string; bun?: string; version?: string }): Promise<string> {
  const out = await exec(o.bun ?? process.execPath, [
    "build",
    join(o.root, "src", "main-node.ts"),
    "--target=node",
    "--format=esm",
    "--minify",
    ...(o.version ? [`--define=TAPSERVE_BUILD_VERSION=${JSON.stringify(o.version)}`] : []),
    `--outfile=${o.outfile}`,
  ]);
  writeFileSync(o.outfile, asciiSource(readFileSync(o.outfile, "utf8")));
  return out;
}

/**
 * The bundle with every character beyond ASCII written as a `\uXXXX` escape. V8 keeps a module's source in
 * the heap for as long as the process runs, one byte a character when all of it is Latin-1 but two bytes a
 * character for all of it as soon as one character is not: the few dozen `…`, `→`, `µ` in messages and
 * libraries doubled the ~1.8 MB bundle's resident source. The escapes only occur where the bundler leaves such
 * characters, in string, template and regular-expression literals (and comments), where `\uXXXX` means the same
 * character (a tagged template's raw strings would differ: the bundle has none that hold such characters).
 */
export function asciiSource(source: string): string {
  return source.replace(/[^\0-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
