import { chmodSync, copyFileSync, cpSync, mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { exec } from "./exec.ts";

export interface PackOptions {
  /** Folder the staged tree and the archive go to. */
  outDir: string;
  /** Archive and top folder name, e.g. tapserve-2.0.0-linux-arm64. */
  name: string;
  binary: string;
  /** deploy/: install.sh, INSTALL.txt and the init files, copied as they are laid out there. */
  deployDir: string;
  /** mtime of every entry, for byte-identical archives from the same commit. */
  epoch: number;
}

/** Files that must be executable in the archive (relative to its top folder). */
const EXECUTABLES = new Set(["tapserve", "install.sh", "batocera/tapserve"]);

/**
 * Lays out `<outDir>/<name>/` (binary `tapserve` + deploy tree) and packs it as `<outDir>/<name>.tar.gz`:
 * sorted entries, fixed mtime, owner root, no gzip timestamp. Returns the archive path.
 */
export async function stageAndPack(o: PackOptions): Promise<{ dir: string; archive: string }> {
  const dir = join(o.outDir, o.name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  cpSync(o.deployDir, dir, { recursive: true });
  copyFileSync(o.binary, join(dir, "tapserve"));
  for (const file of walk(dir)) chmodSync(file, EXECUTABLES.has(relative(dir, file)) ? 0o755 : 0o644);
  const archive = join(o.outDir, `${o.name}.tar.gz`);
  rmSync(archive, { force: true });
  await exec("tar", [
    "--sort=name",
    `--mtime=@${o.epoch}`,
    "--owner=0",
    "--group=0",
    "--numeric-owner",
    "--format=gnu",
    "--use-compress-program=gzip -n",
    "-cf",
    archive,
    "-C",
    o.outDir,
    o.name,
  ]);
  return { dir, archive };
}

function walk(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir)) {
    const p = join(dir, entry);
    if (statSync(p).isDirectory()) out.push(...walk(p));
    else out.push(p);
  }
  return out;
}
