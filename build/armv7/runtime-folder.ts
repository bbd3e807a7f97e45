import { chmodSync, copyFileSync, existsSync, lstatSync, mkdirSync, readFileSync, readlinkSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join, posix } from "node:path";
import { exec } from "../release/exec.ts";
import { interpreterOf, neededLibraries } from "./elf.ts";
import { patchBuiltinPrefix } from "./patch-libnode.ts";

/** Where the Debian armhf packages keep libraries (merged /usr first). */
const LIB_DIRS = ["usr/lib/arm-linux-gnueabihf", "lib/arm-linux-gnueabihf", "usr/lib", "lib"];
/** Builtins Debian's libnode loads from /usr/share/nodejs at every start (see patch-libnode.ts); must exist. */
const SHARE_FILES = ["undici/undici-fetch.js", "acorn/dist/acorn.js", "acorn-walk/dist/walk.js"];

/** One unpacked deb: its package name and the folder it was extracted to. */
export interface Unpacked {
  pkg: string;
  root: string;
}

/** Extracts each deb once into `<cacheDir>/<deb name>/` (reused by later builds). */
export async function unpackDebs(debs: Map<string, string>, cacheDir: string): Promise<Unpacked[]> {
  const out: Unpacked[] = [];
  for (const [pkg, deb] of debs) {
    const root = join(cacheDir, basename(deb, ".deb"));
    if (!existsSync(join(root, ".unpacked"))) {
      rmSync(root, { recursive: true, force: true });
      mkdirSync(root, { recursive: true });
      await exec("dpkg-deb", ["-x", deb, root]);
      writeFileSync(join(root, ".unpacked"), "");
    }
    out.push({ pkg, root });
  }
  return out;
}

export interface RuntimeFolder {
  /** Packages a shipped file came from (their licences must ship too). */
  packages: Set<string>;
  /** Library file names in runtime/lib. */
  libraries: string[];
  /** Builtin paths rewritten in libnode. */
  rewritten: string[];
}

/**
 * Assembles `<dest>/{bin/node, lib/<closure>, share/nodejs/<builtins>}` from unpacked armhf packages: node,
 * every library in its DT_NEEDED closure plus the loader (as plain files: no symlinks, for exFAT), stripped,
 * and libnode patched to read its builtins through fd 9.
 */
export async function assembleRuntime(unpacked: Unpacked[], dest: string, opts: { strip?: boolean } = {}): Promise<RuntimeFolder> {
  rmSync(dest, { recursive: true, force: true });
  for (const sub of ["bin", "lib", "share/nodejs"]) mkdirSync(join(dest, sub), { recursive: true });
  const packages = new Set<string>();
  const nodeSrc = findInPackages(unpacked, ["usr/bin/node"]);
  if (!nodeSrc) throw new Error("no usr/bin/node in the nodejs package");
  packages.add(nodeSrc.pkg);
  const nodeBin = join(dest, "bin", "node");
  copyFileSync(nodeSrc.file, nodeBin);

  const interp = await interpreterOf(nodeBin);
  if (!interp) throw new Error("node has no program interpreter");
  const queue = [basename(interp), ...(await neededLibraries(nodeBin))];
  const seen = new Set<string>();
  while (queue.length) {
    const soname = queue.shift() as string;
    if (seen.has(soname)) continue;
    seen.add(soname);
    const hit = findInPackages(unpacked, LIB_DIRS.map((d) => `${d}/${soname}`));
    if (!hit) throw new Error(`library ${soname} is in no downloaded package`);
    packages.add(hit.pkg);
    const target = join(dest, "lib", soname);
    copyFileSync(hit.file, target);
    for (const n of await neededLibraries(target)) if (!seen.has(n)) queue.push(n);
  }

  const libnode = [...seen].find((s) => s.startsWith("libnode.so"));
  let rewritten: string[] = [];
  if (libnode) {
    const path = join(dest, "lib", libnode);
    const patched = patchBuiltinPrefix(readFileSync(path));
    rewritten = patched.rewritten;
    writeFileSync(path, patched.bytes);
  }
  // Every builtin path libnode names is shipped (undici and acorn load at each start; the rest on first use).
  const shareFiles = [...new Set([...SHARE_FILES, ...rewritten.map((s) => s.slice(1))])];
  for (const rel of shareFiles) {
    const hit = findInPackages(unpacked, [`usr/share/nodejs/${rel}`]);
    if (!hit) throw new Error(`libnode loads /usr/share/nodejs/${rel}, which is in no downloaded package`);
    packages.add(hit.pkg);
    mkdirSync(dirname(join(dest, "share/nodejs", rel)), { recursive: true });
    copyFileSync(hit.file, join(dest, "share/nodejs", rel));
  }

  if (opts.strip !== false) {
    const files = [nodeBin, ...[...seen].map((s) => join(dest, "lib", s))];
    // The loader keeps its symbols (glibc's debuggers and valgrind want them); strip the rest.
    for (const f of files.filter((f) => !basename(f).startsWith("ld-linux"))) {
      await exec("arm-linux-gnueabihf-strip", ["--strip-unneeded", "-o", `${f}.tmp`, f]);
      renameSync(`${f}.tmp`, f);
    }
  }
  chmodSync(nodeBin, 0o755);
  chmodSync(join(dest, "lib", basename(interp)), 0o755);
  return { packages, libraries: [...seen].sort(), rewritten: [...new Set(rewritten)] };
}

/** The first of `candidates` (paths inside a package) present in any package, symlinks followed. */
export function findInPackages(unpacked: Unpacked[], candidates: string[]): { pkg: string; file: string } | undefined {
  for (const rel of candidates) {
    for (const u of unpacked) {
      const resolved = resolveInside(unpacked, u.root, rel);
      if (resolved) return { pkg: resolved.pkg ?? u.pkg, file: resolved.file };
    }
  }
  return undefined;
}

/** Follows symlinks as the target system would, looking in every package for the target. */
function resolveInside(unpacked: Unpacked[], root: string, rel: string, depth = 0): { pkg?: string; file: string } | undefined {
  if (depth > 16) return undefined;
  const p = join(root, rel);
  let st;
  try {
    st = lstatSync(p);
  } catch {
    return undefined;
  }
  if (!st.isSymbolicLink()) return st.isFile() ? { file: p } : undefined;
  const link = readlinkSync(p);
  const nextRel = link.startsWith("/") ? link.slice(1) : posix.normalize(posix.join(posix.dirname(rel), link));
  for (const u of unpacked) {
    const hit = resolveInside(unpacked, u.root, nextRel, depth + 1);
    if (hit) return { pkg: hit.pkg ?? u.pkg, file: hit.file };
  }
  return undefined;
}
