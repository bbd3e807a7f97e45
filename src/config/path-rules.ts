import { lstatSync, realpathSync, statSync } from "node:fs";
import { basename, dirname, isAbsolute, join, relative, sep } from "node:path";
import { READER_PATH_KINDS } from "./sensitive-keys.ts";
import type { Config, ReaderConnection } from "./schema.ts";

/**
 * What a path named in the config may be, checked when the config changes (and, for token files, again each
 * time the file reader opens one): a `file:` reader reads only inside a token folder, serial and disc readers
 * open only character or block devices under /dev, folders must be existing directories. Paths are judged
 * by their real path (symlinks resolved); `..` segments are refused outright.
 */

/** Where `file:` readers may read: `<data>/tokens` and /run/tapserve. */
export function tokenFolders(dataDir: string): string[] {
  return [join(dataDir, "tokens"), "/run/tapserve"];
}

/** One refused value: the config key (with its index), the value and why. */
export interface PathProblem {
  key: string;
  value: string;
  reason: string;
}

const hasDotDot = (path: string) => path.split(/[\\/]+/).includes("..");

/**
 * The real path of `path`: its longest existing ancestor resolved (symlinks followed) with the rest appended.
 * Throws for a dangling symlink (it would be followed once its target appears).
 */
export function realPathOf(path: string): string {
  const tail: string[] = [];
  let head = path;
  for (;;) {
    try {
      return join(realpathSync(head), ...tail);
    } catch {
      let exists = false;
      try {
        exists = lstatSync(head).isSymbolicLink();
      } catch {}
      if (exists) throw new Error("is a symbolic link to a missing target");
      const parent = dirname(head);
      if (parent === head) return path;
      tail.unshift(basename(head));
      head = parent;
    }
  }
}

/** True when `path` lies strictly inside `folder` (both already real paths). */
export function isInside(folder: string, path: string): boolean {
  const rel = relative(folder, path);
  return rel !== "" && rel !== ".." && !rel.startsWith(`..${sep}`) && !isAbsolute(rel);
}

function absoluteProblem(path: string): string | null {
  if (!isAbsolute(path)) return "must be an absolute path";
  if (hasDotDot(path)) return "must not contain '..'";
  return null;
}

/** Why `path` may not be read by a `file:` reader, or null. */
export function tokenFileProblem(path: string, folders: readonly string[]): string | null {
  const problem = absoluteProblem(path);
  if (problem) return problem;
  let real: string;
  try {
    real = realPathOf(path);
  } catch (err) {
    return (err as Error).message;
  }
  const inside = folders.some((f) => {
    try {
      return isInside(realPathOf(f), real);
    } catch {
      return false;
    }
  });
  if (!inside) return `token files must be inside ${folders.join(" or ")} (this one is ${real})`;
  try {
    if (!statSync(real).isFile()) return "is not a regular file";
  } catch {} // may appear later
  return null;
}

/** Why `path` is not a character or block device under /dev, or null. Empty: the driver looks for devices itself. */
export function deviceProblem(path: string, devRoot = "/dev"): string | null {
  if (path === "") return null;
  const problem = absoluteProblem(path);
  if (problem) return problem;
  try {
    const real = realpathSync(path);
    if (!isInside(realpathSync(devRoot), real)) return `must be a device under ${devRoot} (this one is ${real})`;
    const st = statSync(real);
    if (!st.isCharacterDevice() && !st.isBlockDevice()) return "is not a character or block device";
    return null;
  } catch {
    return "does not exist";
  }
}

/** Why `path` is not an existing directory, or null. */
export function folderProblem(path: string, allowEmpty = false): string | null {
  if (path === "" && allowEmpty) return null;
  const problem = absoluteProblem(path);
  if (problem) return problem;
  try {
    return statSync(path).isDirectory() ? null : "is not a directory";
  } catch {
    return "is not an existing directory";
  }
}

function fileProblem(path: string): string | null {
  if (path === "") return null;
  const problem = absoluteProblem(path);
  if (problem) return problem;
  try {
    return statSync(path).isFile() ? null : "is not a regular file";
  } catch {
    return "does not exist";
  }
}

function readerProblem(c: ReaderConnection, folders: readonly string[]): string | null {
  const kind = READER_PATH_KINDS[c.driver.toLowerCase().replaceAll("_", "")];
  const path = c.path ?? "";
  switch (kind) {
    case "token-file":
      return tokenFileProblem(path, folders);
    case "device":
      return deviceProblem(path);
    case "folder":
      return folderProblem(path, true);
    case "no-local-path":
      return null;
    default:
      return `unknown reader driver "${c.driver}"`;
  }
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The path problems of what `next` adds to `previous` (entries already in the config are not judged again:
 * a hand-edited file keeps working, and the readers still check what they open).
 */
export function pathProblems(previous: Readonly<Config>, next: Readonly<Config>, folders: readonly string[]): PathProblem[] {
  const out: PathProblem[] = [];
  next.readers.connect.forEach((c, i) => {
    if (previous.readers.connect.some((p) => same(p, c))) return;
    const reason = readerProblem(c, folders);
    if (reason) out.push({ key: `readers.connect[${i}]`, value: `${c.driver}:${c.path ?? ""}`, reason });
  });
  next.launchers.index_root.forEach((root, i) => {
    if (previous.launchers.index_root.includes(root)) return;
    const reason = folderProblem(root);
    if (reason) out.push({ key: `launchers.index_root[${i}]`, value: root, reason });
  });
  const single: Array<[string, string, string, (p: string) => string | null]> = [
    ["service.tls_cert", previous.service.tls_cert, next.service.tls_cert, fileProblem],
    ["service.tls_key", previous.service.tls_key, next.service.tls_key, fileProblem],
    ["platforms.steam_dir", previous.platforms.steam_dir, next.platforms.steam_dir, (p) => folderProblem(p, true)],
  ];
  for (const [key, before, after, check] of single) {
    const reason = before === after ? null : check(after);
    if (reason) out.push({ key, value: after, reason });
  }
  return out;
}
