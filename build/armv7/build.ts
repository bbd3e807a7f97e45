import { chmodSync, copyFileSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { exec } from "../release/exec.ts";
import { buildVersion, sourceEpoch } from "../release/version.ts";
import { bundleForNode } from "./bundle.ts";
import { debianMirror } from "./debian-mirror.ts";
import { collectLicences } from "./licences.ts";
import { PrivateApt } from "./private-apt.ts";
import { assembleRuntime, unpackDebs } from "./runtime-folder.ts";
import { buildSfx } from "./sfx.ts";

export const ARMV7_TARGET = "linux-armv7";
/** Oldest Node with node:sqlite. */
const MIN_NODE: [number, number] = [22, 5];

export interface Armv7Options {
  root: string;
  outDir: string;
  /** Debs, unpacked packages and assembled runtimes, kept between builds (outside git). */
  cacheDir?: string;
  /** The Bun that bundles; the running one by default. */
  bun?: string;
  env?: Record<string, string | undefined>;
  onStep?: (message: string) => void;
}

export interface Armv7Artifact {
  version: string;
  nodeVersion: string;
  /** Unpacked folder: start.sh, tapserve-ctl.sh, tapserve.mjs, lib/ (its chunks), runtime/, LICENSES/, VERSION. */
  dir: string;
  /** The folder as .tar.gz (top folder tapserve-<version>-linux-armv7). */
  archive: string;
  /** Self-extracting single file for /media/fat/Scripts. */
  sfx: string;
  runtimeBytes: number;
  bundleBytes: number;
  archiveBytes: number;
  sfxBytes: number;
}

export function defaultArmv7Cache(env: Record<string, string | undefined> = process.env): string {
  return env.TAPSERVE_ARMV7_CACHE || join(env.XDG_CACHE_HOME || join(homedir(), ".cache"), "tapserve", "armv7");
}

/**
 * The MiSTer (ARMv7 hard-float) build: the service bundled for Node, Debian sid's armhf Node runtime with its
 * own loader and library closure, the start and control scripts, licences, a .tar.gz and a self-extracting .sh.
 */
export async function buildArmv7(o: Armv7Options): Promise<Armv7Artifact> {
  const env = o.env ?? process.env;
  const step = o.onStep ?? (() => {});
  const cache = o.cacheDir ?? defaultArmv7Cache(env);
  const version = await buildVersion(o.root, env);
  const epoch = await sourceEpoch(o.root, env);

  step(`resolving Debian sid armhf nodejs (mirror ${debianMirror(env)})`);
  const apt = new PrivateApt({ dir: join(cache, "apt-sid"), mirror: debianMirror(env), suite: "sid", arch: "armhf" });
  await apt.update();
  const nodeVersion = (await apt.candidate("nodejs")) ?? "";
  const [maj, min] = nodeVersion.split(".").map(Number);
  if (!maj || maj < MIN_NODE[0] || (maj === MIN_NODE[0] && (min ?? 0) < MIN_NODE[1])) {
    throw new Error(`Debian sid armhf nodejs is ${nodeVersion || "missing"}; node:sqlite needs ${MIN_NODE.join(".")} or newer`);
  }
  const pkgs = await apt.closure(["nodejs"]);
  step(`downloading ${pkgs.length} packages (nodejs ${nodeVersion})`);
  const debs = await apt.download(pkgs);
  const unpacked = await unpackDebs(debs, join(cache, "unpacked"));

  const name = `tapserve-${version}-${ARMV7_TARGET}`;
  mkdirSync(o.outDir, { recursive: true });
  const dir = join(o.outDir, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });

  step("assembling the runtime folder");
  const rt = await assembleRuntime(unpacked, join(dir, "runtime"));
  step(`runtime: ${rt.libraries.length} libraries; builtins via fd 9: ${rt.rewritten.join(", ")}`);

  step("bundling the service for Node");
  const bundleBytes = await bundleForNode({ root: o.root, bun: o.bun, version, outfile: join(dir, "tapserve.mjs") });

  for (const f of ["start.sh", "tapserve-ctl.sh"]) copyFileSync(join(o.root, "deploy", "mister", f), join(dir, f));
  writeFileSync(join(dir, "VERSION"), `${version}\n`);
  collectLicences({ root: o.root, unpacked, debianPackages: rt.packages, dest: join(dir, "LICENSES") });
  writeFileSync(
    join(dir, "LICENSES", "README"),
    `runtime/ holds files of these Debian (sid, armhf) packages, unmodified except stripped symbols and the\n` +
      `builtin path in libnode: ${[...rt.packages].sort().join(", ")}.\n` +
      `Their sources: https://sources.debian.org/ (nodejs ${nodeVersion}). npm/ lists the packages bundled into tapserve.mjs and lib/.\n`,
  );
  for (const f of walk(dir)) chmodSync(f, /\/(start\.sh|tapserve-ctl\.sh|runtime\/bin\/node|runtime\/lib\/ld-linux[^/]*)$/.test(f) ? 0o755 : 0o644);

  step("packing");
  const tarArgs = ["--sort=name", `--mtime=@${epoch}`, "--owner=0", "--group=0", "--numeric-owner", "--format=gnu"];
  const archive = join(o.outDir, `${name}.tar.gz`);
  await exec("sh", ["-c", 'tar "$@" -cf - | gzip -n > "$0"', `${archive}.tmp`, ...tarArgs, "-C", o.outDir, name]);
  renameSync(`${archive}.tmp`, archive);
  const payload = join(o.outDir, `.${name}.payload.tar.gz`);
  await exec("sh", ["-c", 'tar "$@" -cf - | gzip -n > "$0"', payload, ...tarArgs, "-C", dir, "."]);
  const sfx = join(o.outDir, `${name}.sh`);
  buildSfx({ header: join(o.root, "deploy", "mister", "sfx-header.sh"), payload, version, out: sfx });
  rmSync(payload, { force: true });

  return {
    version,
    nodeVersion,
    dir,
    archive,
    sfx,
    runtimeBytes: walk(join(dir, "runtime")).reduce((n, f) => n + statSync(f).size, 0),
    bundleBytes,
    archiveBytes: statSync(archive).size,
    sfxBytes: statSync(sfx).size,
  };
}

function walk(dir: string): string[] {
  const out: string[] = [];
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir)) {
    const p = join(dir, entry);
    if (statSync(p).isDirectory()) out.push(...walk(p));
    else out.push(p);
  }
  return out;
}
