import { createHash } from "node:crypto";
import { accessSync, constants, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import { exec } from "./exec.ts";
import type { DistTarget } from "./targets.ts";

/**
 * The target's Bun executable, which `bun build --compile` embeds the app into. Bun would download it from
 * GitHub; we take it from the npm registry instead (the same binaries, published as @oven/bun-<os>-<arch>),
 * with `npm pack`, and keep it in a cache folder so a build needs the network only once per Bun version.
 * When package-lock.json knows the package, the tarball must match its integrity.
 */
export async function ensureBunExecutable(target: DistTarget, bunVersion: string, cacheDir: string, root: string): Promise<string> {
  const dir = join(cacheDir, `${target.npmPackage.replace(/^@/, "").replace("/", "-")}-${bunVersion}`);
  const bin = join(dir, "bin", "bun");
  if (isExecutable(bin)) return bin;
  mkdirSync(cacheDir, { recursive: true });
  const work = mkdtempSync(join(cacheDir, ".fetch-"));
  try {
    const spec = `${target.npmPackage}@${bunVersion}`;
    const out = await exec("npm", ["pack", spec, "--json", "--loglevel=error", "--pack-destination", work], { cwd: work });
    const [info] = JSON.parse(out) as Array<{ filename: string; integrity: string }>;
    if (!info) throw new Error(`npm pack ${spec}: no tarball reported`);
    const tarball = join(work, info.filename);
    const actual = `sha512-${createHash("sha512").update(readFileSync(tarball)).digest("base64")}`;
    const locked = lockedIntegrity(root, target.npmPackage, bunVersion);
    if (locked && locked !== actual) throw new Error(`${spec}: integrity ${actual} does not match package-lock.json (${locked})`);
    if (actual !== info.integrity) throw new Error(`${spec}: integrity ${actual} does not match the registry's (${info.integrity})`);
    await exec("tar", ["-xzf", tarball, "-C", work]);
    const unpacked = join(work, "package");
    if (!isExecutable(join(unpacked, "bin", "bun"))) throw new Error(`${spec}: the package has no executable bin/bun`);
    rmSync(dir, { recursive: true, force: true });
    renameSync(unpacked, dir);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return bin;
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The integrity package-lock.json records for this package at this version, if it records one. */
function lockedIntegrity(root: string, pkg: string, version: string): string | undefined {
  const lockPath = join(root, "package-lock.json");
  if (!existsSync(lockPath)) return undefined;
  const lock = JSON.parse(readFileSync(lockPath, "utf8")) as { packages?: Record<string, { version?: string; integrity?: string }> };
  const entry = lock.packages?.[`node_modules/${pkg}`];
  return entry?.version === version ? entry.integrity : undefined;
}
