import { chmodSync, copyFileSync, mkdirSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { exec } from "./exec.ts";

export interface PackOptions {
  /** Folder the staged tree and the archive go to. */
  outDir: string;
  /** Archive and top folder name, e.g. tapserve-2.0.0-linux-arm64. */
  name: string;
  binary: string;
  /** deploy/: DEPLOY_FILES are copied from it, laid out as there. */
  deployDir: string;
  /** mtime of every entry, for byte-identical archives from the same commit. */
  epoch: number;
}

/** What goes next to the binary (relative to deploy/), with its mode. */
export const DEPLOY_FILES: ReadonlyArray<readonly [string, number]> = [
  ["INSTALL.txt", 0o644],
  ["install.sh", 0o755],
  ["systemd/tapserve.service", 0o644],
  ["systemd/tapserve.sysusers", 0o644],
  ["steamos/tapserve.service", 0o644],
  ["batocera/tapserve", 0o755],
  ["recalbox/tapserve.sh", 0o755],
  ["recalbox/custom.sh", 0o644],
  ["libreelec/tapserve.service", 0o644],
  ["udev/60-tapserve-readers.rules", 0o644],
  ["modprobe/tapserve-blacklist-pn533.conf", 0o644],
];

/**
 * Lays out `<outDir>/<name>/` (binary `tapserve` + deploy tree) and packs it as `<outDir>/<name>.tar.gz`:
 * sorted entries, fixed mtime, owner root, no gzip timestamp. Returns the archive path.
 */
export async function stageAndPack(o: PackOptions): Promise<{ dir: string; archive: string }> {
  const dir = join(o.outDir, o.name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const [file, mode] of [...DEPLOY_FILES, ["tapserve", 0o755] as const]) {
    const dest = join(dir, file);
    mkdirSync(dirname(dest), { recursive: true });
    copyFileSync(file === "tapserve" ? o.binary : join(o.deployDir, file), dest);
    chmodSync(dest, mode);
  }
  const archive = join(o.outDir, `${o.name}.tar.gz`);
  rmSync(archive, { force: true });
  await exec("tar", [
    "--sort=name",
    `--mtime=@${o.epoch}`,
    "--owner=0",
    "--group=0",
    "--numeric-owner",
    "--format=gnu",
    "--mode=u+rwX,go=rX",
    "--use-compress-program=gzip -n",
    "-cf",
    archive,
    "-C",
    o.outDir,
    o.name,
  ]);
  return { dir, archive };
}
