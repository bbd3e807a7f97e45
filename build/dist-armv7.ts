/**
 * `make dist`, MiSTer part: the linux-armv7 build (Node bundle + Debian armhf Node runtime), into dist/.
 * Usage: bun build/dist-armv7.ts [--out DIR]
 * Env: TAPSERVE_VERSION, SOURCE_DATE_EPOCH (as build/dist.ts), TAPSERVE_ARMV7_CACHE (default
 *      ~/.cache/tapserve/armv7: apt lists, debs, unpacked packages), TAPSERVE_DEBIAN_MIRROR (default: the
 *      mirror this machine's apt uses).
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { ARMV7_TARGET, buildArmv7 } from "./armv7/build.ts";

const root = resolve(import.meta.dir, "..");
const { values } = parseArgs({ args: process.argv.slice(2), options: { out: { type: "string" } } });
const outDir = resolve(values.out ?? join(root, "dist"));
try {
  const a = await buildArmv7({ root, outDir, onStep: (m) => process.stdout.write(`dist: ${ARMV7_TARGET}: ${m}\n`) });
  // SHA256SUMS is shared with build/dist.ts: replace only our lines.
  const sumsPath = join(outDir, "SHA256SUMS");
  const kept = existsSync(sumsPath)
    ? readFileSync(sumsPath, "utf8")
        .split("\n")
        .filter((l) => l && !l.includes(`-${ARMV7_TARGET}.`))
    : [];
  for (const f of [a.archive, a.sfx]) kept.push(`${createHash("sha256").update(readFileSync(f)).digest("hex")}  ${basename(f)}`);
  writeFileSync(sumsPath, `${kept.join("\n")}\n`);
  const mib = (n: number) => `${(n / 1048576).toFixed(1)} MiB`;
  process.stdout.write(`${a.archive}  (runtime ${mib(a.runtimeBytes)}, bundle ${(a.bundleBytes / 1024).toFixed(0)} KiB, archive ${mib(a.archiveBytes)})\n`);
  process.stdout.write(`${a.sfx}  (self-extracting, ${mib(a.sfxBytes)}; Node ${a.nodeVersion})\n`);
} catch (err) {
  process.stderr.write(`dist-armv7 failed: ${(err as Error).message}\n`);
  process.exit(1);
}
