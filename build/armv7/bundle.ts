import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { NODE_CHUNK_DIR } from "../../src/runtime/node/bundle-layout.ts";
import { exec } from "../release/exec.ts";

export { NODE_CHUNK_DIR };

/**
 * The service bundled for Node from src/main-node.ts, exactly as the linux-armv7 build ships it: the entry file
 * `outfile` and its chunks in `lib/` beside it. What is imported dynamically (the label fonts and PDF engine, the
 * web page's assets, MQTT, the subcommands …) is a chunk of its own that Node reads only at that import: V8 keeps
 * the source of every module it loaded for as long as the process runs, so one file held all ~5.6 MB of it (idle
 * RSS ~11 MiB higher). Chunk names carry a hash of their content. Returns the sizes of all the files written.
 * The tests that run the Node side on x64 bundle through here too, so both stay the same bundle.
 */
export async function bundleForNode(o: { root: string; outfile: string; bun?: string; version?: string }): Promise<number> {
  const dir = dirname(o.outfile);
  rmSync(join(dir, NODE_CHUNK_DIR), { recursive: true, force: true });
  await exec(o.bun ?? process.execPath, [
    "build",
    join(o.root, "src", "main-node.ts"),
    "--target=node",
    "--format=esm",
    "--minify",
    "--splitting",
    `--outdir=${dir}`,
    `--entry-naming=${basename(o.outfile)}`,
    `--chunk-naming=${NODE_CHUNK_DIR}/[name]-[hash].mjs`,
    ...(o.version ? [`--define=TAPSERVE_BUILD_VERSION=${JSON.stringify(o.version)}`] : []),
  ]);
  let bytes = 0;
  for (const file of [o.outfile, ...readdirSync(join(dir, NODE_CHUNK_DIR)).map((f) => join(dir, NODE_CHUNK_DIR, f))]) {
    const source = asciiSource(readFileSync(file, "utf8"));
    writeFileSync(file, source);
    bytes += source.length;
  }
  return bytes;
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
