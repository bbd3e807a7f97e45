import type { SqlDatabase } from "../../runtime/types.ts";
import type { SystemScan } from "./walker.ts";

/**
 * A folder (or, with zips as folders, an archive) an index run walked: its mtime (ms) and entry count (an
 * archive's size) as they were then. `ignored` folders hold `.zaparooignore`; `unreadable` ones are read again.
 */
export interface FolderRecord {
  abs: string;
  mtime: number;
  entries: number;
  kind: "folder" | "zip" | "ignored" | "unreadable";
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
  return db.prepare("SELECT abs, mtime, entries, kind FROM folders WHERE system = ?").all<FolderRecord>(system);
}

export function writeFolderRecords(db: SqlDatabase, scan: SystemScan): void {
  const ins = db.prepare("INSERT OR REPLACE INTO folders (system, abs, mtime, entries, kind) VALUES (?, ?, ?, ?, ?)");
  for (const r of scan.folders ?? []) ins.run(scan.system, r.abs, r.mtime, r.entries, r.kind);
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
