/**
 * `make dist`: single-binary builds for the devices, into dist/ (one .tar.gz per target + SHA256SUMS).
 * Usage: bun build/dist.ts [--target linux-arm64 …] [--out DIR]
 * Env: TAPSERVE_VERSION (default package.json version + commit), SOURCE_DATE_EPOCH (default commit time),
 *      TAPSERVE_BUN_CACHE (default build/.cache/bun; the targets' Bun executables, fetched once from npm).
 */
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { buildDist } from "./release/build.ts";
import { DIST_TARGETS, findTarget, type DistTarget } from "./release/targets.ts";

const root = resolve(import.meta.dir, "..");
const { values } = parseArgs({
  args: process.argv.slice(2),
  options: { target: { type: "string", multiple: true }, out: { type: "string" } },
});
const targets: DistTarget[] = [];
for (const name of values.target ?? DIST_TARGETS.map((t) => t.name)) {
  const t = findTarget(name);
  if (!t) {
    process.stderr.write(`unknown target ${name}; known: ${DIST_TARGETS.map((x) => x.name).join(", ")}\n`);
    process.exit(2);
  }
  targets.push(t);
}
const outDir = resolve(values.out ?? join(root, "dist"));
try {
  const result = await buildDist({
    root,
    outDir,
    targets,
    cacheDir: process.env.TAPSERVE_BUN_CACHE || join(root, "build", ".cache", "bun"),
    onStep: (m) => process.stdout.write(`dist: ${m}\n`),
  });
  for (const a of result.artifacts) {
    process.stdout.write(`${a.archive}  (binary ${(a.binaryBytes / 1048576).toFixed(1)} MiB, archive ${(a.archiveBytes / 1048576).toFixed(1)} MiB)\n`);
  }
} catch (err) {
  process.stderr.write(`dist failed: ${(err as Error).message}\n`);
  process.exit(1);
}
