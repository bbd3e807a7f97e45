import { lstatSync, readdirSync, readlinkSync } from "node:fs";
import { isAbsolute, join, relative, resolve } from "node:path";

/** A core file on the card. */
export interface RbfFile {
  /** Absolute path (a symlink's target). */
  path: string;
  /** File name without `.rbf` and without the official `_YYYYMMDD` date suffix. */
  shortName: string;
  /** The build date from the name (`YYYYMMDD`), "" when it has none. */
  date: string;
  /** How an MGL names it: `<dir below the card>/<shortName>`, or the absolute path outside the card. */
  mglName: string;
}

/** Folders below the card root holding cores beyond the `_…` menu folders. */
const EXTRA_DIRS = ["Light Gun", "_RA_Cores/Cores", "_Custom Cores/Cores"];

const DATED = /^(.*)_(\d{8})$/;
const UNSTABLE = /^(.+)_unstable_(\d{8})_[0-9a-f]+$/i;

function parse(sdRoot: string, file: string): RbfFile {
  let path = file;
  try {
    if (lstatSync(file).isSymbolicLink()) {
      const target = readlinkSync(file);
      path = isAbsolute(target) ? target : resolve(join(file, ".."), target);
    }
  } catch {
    // unreadable link: keep the name as found
  }
  const base = path.slice(path.lastIndexOf("/") + 1).replace(/\.rbf$/i, "");
  const dated = DATED.exec(base);
  const shortName = dated ? (dated[1] as string) : base;
  const date = dated ? (dated[2] as string) : (UNSTABLE.exec(base)?.[2] ?? "");
  const rel = relative(sdRoot, join(path, ".."));
  const mglName = rel.startsWith("..") || isAbsolute(rel) ? path : rel === "" ? shortName : `${rel}/${shortName}`;
  return { path, shortName, date, mglName };
}

function listRbfs(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((e) => !e.isDirectory() && e.name.toLowerCase().endsWith(".rbf"))
      .map((e) => join(dir, e.name));
  } catch {
    return [];
  }
}

function subDirs(dir: string, keep: (name: string) => boolean): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isDirectory() && keep(e.name))
      .map((e) => join(dir, e.name));
  } catch {
    return [];
  }
}

/**
 * Every core on the card as MiSTer's menu lays them out: the root, each `_…` menu folder and the `_…` folders
 * inside those (`_Console/_Unstable`, `_ConsolePWM/_Turbo`), `Light Gun`, and the RetroAchievements and custom
 * core folders.
 */
export function scanRbfs(sdRoot: string): RbfFile[] {
  const menus = subDirs(sdRoot, (n) => n.startsWith("_"));
  const dirs = [sdRoot, ...menus, ...menus.flatMap((m) => subDirs(m, (n) => n.startsWith("_"))), ...EXTRA_DIRS.map((d) => join(sdRoot, d))];
  return [...new Set(dirs)].flatMap(listRbfs).map((f) => parse(sdRoot, f));
}

const eq = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
const dirOf = (mglName: string) => (mglName.includes("/") ? mglName.slice(0, mglName.lastIndexOf("/")) : "");
const shortOf = (mglName: string) => mglName.slice(mglName.lastIndexOf("/") + 1);
const newest = (files: RbfFile[]) => [...files].sort((a, b) => (a.date === b.date ? a.mglName.localeCompare(b.mglName) : a.date.localeCompare(b.date))).at(-1);

function tokenMatch(pattern: string, name: string): boolean {
  const p = pattern.split("_");
  const n = name.split("_");
  return p.length === n.length && p.every((part, i) => (part === "<date>" ? /^\d{8}$/.test(n[i] as string) : part === "<hash>" ? /^[0-9a-f]+$/i.test(n[i] as string) : eq(part, n[i] as string)));
}

/**
 * The card's file for a core named as in an MGL (`_Console/SNES`): same name (date suffix aside) in that
 * folder, newest build first; then, unless `strict`, the same name in another folder; then an unstable nightly
 * (`<name>_unstable_<date>_<hash>`) the same way. A `<date>`/`<hash>` part matches any date/build hash.
 */
export function resolveRbf(files: readonly RbfFile[], rbfPath: string, strict = false): RbfFile | undefined {
  const dir = dirOf(rbfPath);
  const short = shortOf(rbfPath);
  const inDir = (f: RbfFile) => dir === "" || eq(dirOf(f.mglName), dir);
  if (short.includes("<date>") || short.includes("<hash>")) return newest(files.filter((f) => inDir(f) && tokenMatch(short, shortOf(f.mglName))));
  const pick = (cands: RbfFile[]) => newest(cands.filter(inDir)) ?? (strict ? undefined : newest(cands));
  const exact = pick(files.filter((f) => eq(f.shortName, short)));
  if (exact) return exact;
  return pick(files.filter((f) => eq(UNSTABLE.exec(f.shortName)?.[1] ?? "", short)));
}
