import { readFileSync } from "node:fs";
import { join } from "node:path";
import { exec } from "./exec.ts";

/**
 * The version a build injects: env TAPSERVE_VERSION if set, else package.json's version with the commit as
 * semver build metadata (`2.0.0+3a6014f`), else package.json's alone (no git).
 */
export async function buildVersion(root: string, env: Record<string, string | undefined>): Promise<string> {
  if (env.TAPSERVE_VERSION) return env.TAPSERVE_VERSION;
  const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string };
  const sha = await exec("git", ["rev-parse", "--short=7", "HEAD"], { cwd: root }).then(
    (s) => s.trim(),
    () => "",
  );
  return sha ? `${pkg.version}+${sha}` : pkg.version;
}

/** Timestamp for every file in the archives: SOURCE_DATE_EPOCH, else the commit's time, else 0. */
export async function sourceEpoch(root: string, env: Record<string, string | undefined>): Promise<number> {
  const fromEnv = Number(env.SOURCE_DATE_EPOCH);
  if (env.SOURCE_DATE_EPOCH && Number.isInteger(fromEnv)) return fromEnv;
  const ct = await exec("git", ["log", "-1", "--format=%ct"], { cwd: root }).then(
    (s) => Number(s.trim()),
    () => 0,
  );
  return Number.isInteger(ct) ? ct : 0;
}

/** The pinned Bun version (package.json devDependencies.bun), which the target executables must match. */
export function pinnedBunVersion(root: string): string {
  const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { devDependencies?: Record<string, string> };
  const v = pkg.devDependencies?.bun;
  if (!v || !/^\d+\.\d+\.\d+$/.test(v)) throw new Error(`package.json must pin bun to an exact version (found ${v ?? "none"})`);
  return v;
}
