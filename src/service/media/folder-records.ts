import type { SqlDatabase } from "../../runtime/types.ts";
import type { SystemScan } from "./walker.ts";

/**
 * A folder (or, with zips as folders, an archive) an index run walked: its mtime (ms) and entry count (an
 * archive's size) as they were then. `ignored` folders hold `.zaparooignore`; `unreadable` ones are read again.
 * `ctime` (ms), when kept: the folder's ctime at that walk, kept only where it proves the folder unchanged since
 * (see `provingCtime`); -1 or absent: none.
 */
export interface FolderRecord {
  abs: string;
  mtime: number;
  entries: number;
  kind: "folder" | "zip" | "ignored" | "unreadable";
  ctime?: number;
}

/**
 * How long before the walk a folder's ctime must be for it to be kept: a change in the same tick of the kernel's
 * coarse clock (1 to 10 ms) as the last one could leave it as it was.
 */
const SETTLED_MS = 100;

/**
 * The ctime to record for a folder stat'ed at `now`, or -1. A ctime changes with every entry added, removed or
 * renamed, and utimes cannot set it back: a folder whose ctime is still the recorded one holds the entries it
 * held then, without counting them. Kept only when it has sub-millisecond precision (FAT's 2 s and exFAT's
 * 10 ms timestamps, which a change within the same tick leaves alone, are counted instead) and it is settled
 * (not within SETTLED_MS of the walk, nor in the future).
 */
export function provingCtime(ctimeMs: number, now: number): number {
  return ctimeMs % 1 !== 0 && ctimeMs < now - SETTLED_MS ? ctimeMs : -1;
}

/** A previous walk of one system, as the next walk compares against it. */
export interface PriorWalk {
  folders: Map<string, FolderRecord>;
  /** Recorded sub-folders and archives of each recorded folder. */
  children: Map<string, FolderRecord[]>;
}

export function priorWalk(records: readonly FolderRecord[]): PriorWalk {
  const folders = new Map(records.map((r) => [r.abs, r]));
  const children = new Map<string, FolderRecord[]>();
  for (const r of records) {
    const parent = r.abs.slice(0, r.abs.lastIndexOf("/"));
    if (!folders.has(parent)) continue;
    const list = children.get(parent);
    if (list) list.push(r);
    else children.set(parent, [r]);
  }
  return { folders, children };
}

export function readFolderRecords(db: SqlDatabase, system: string): FolderRecord[] {
  return db.prepare("SELECT abs, mtime, entries, kind, ctime FROM folders WHERE system = ?").all<FolderRecord>(system);
}

export function writeFolderRecords(db: SqlDatabase, scan: SystemScan): void {
  const ins = db.prepare("INSERT OR REPLACE INTO folders (system, abs, mtime, entries, kind, ctime) VALUES (?, ?, ?, ?, ?, ?)");
  for (const r of scan.folders ?? []) ins.run(scan.system, r.abs, r.mtime, r.entries, r.kind, r.ctime ?? -1);
}

/**
 * Adds to `scan` the files the previous index holds in the folders and archives `reused` names (unchanged since):
 * `previous` is that index's scan of the same system.
 */
export function addReused(scan: SystemScan, reused: readonly string[], previous: SystemScan): void {
  if (reused.length === 0) return;
  const plain = new Set<string>();
  const zips = new Set<string>();
  const folderKinds = new Map((scan.folders ?? []).map((r) => [r.abs, r.kind]));
  for (const abs of reused) (folderKinds.get(abs) === "zip" ? zips : plain).add(abs);
  const inZip = (abs: string) => {
    for (let slash = abs.length; slash > 0; slash = abs.lastIndexOf("/", slash - 1)) if (zips.has(abs.slice(0, slash))) return true;
    return false;
  };
  const map = new Map<number, number>();
  previous.dirs.forEach((d, i) => {
    if (plain.has(d.abs) || inZip(d.abs)) map.set(i, scan.dirs.push(d) - 1);
  });
  for (let i = 0; i < previous.files.length; i++) {
    const d = map.get(previous.fileDirs[i] as number);
    if (d === undefined) continue;
    scan.files.push(previous.files[i] as string);
    scan.fileDirs.push(d);
  }
}
