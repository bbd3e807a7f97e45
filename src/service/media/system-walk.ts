import { type FolderRecord, priorWalk } from "./folder-records.ts";
import { type SystemScan, walkSystemFolder, type WalkContext } from "./walker.ts";

/** One system of an index run to walk: its folders, the extensions it keeps, and the served index's record of it. */
export interface SystemWalkRequest {
  system: string;
  folders: string[];
  extensions: string[];
  zipsAsFolders: boolean;
  /** The served index's records of this system's folders (none: every folder is read). */
  prior: FolderRecord[];
}

/** What the walk of one system found. */
export interface SystemWalk<Scan = SystemScan> {
  scan: Scan;
  /** Folders and archives read (new or changed). */
  changed: number;
  /** Recorded folders and archives found unchanged (their files are the previous index's). */
  reused: string[];
  /** Records of the previous walk visited again: every one of them, with none changed, is an unchanged system. */
  visited: number;
  priorFolders: number;
  /** What the walk could not read (logged by the caller). */
  warnings: string[];
  /** RFC 3339 time the walk ended (the system's files were collected). */
  indexedAt: string;
}

/** A system's files in the form they cross between threads (a text per file joined, the numbers in one array). */
export interface WireScan {
  system: string;
  dirs: SystemScan["dirs"];
  /** File names joined by NUL ("" for none; file names hold no NUL). */
  files: string;
  fileDirs: Int32Array;
  folders: FolderRecord[];
}

/**
 * Walks every folder of one system (walker.ts), in whichever thread runs it: the index run's own, or a split
 * run's thread (split-run.ts), which walks while the run's thread parses the names walked before.
 */
export async function walkSystem(request: SystemWalkRequest, ctx: Pick<WalkContext, "tick" | "countEntries">): Promise<SystemWalk> {
  const prior = request.prior.length > 0 ? priorWalk(request.prior) : undefined;
  const scan: SystemScan = { system: request.system, dirs: [], files: [], fileDirs: [], folders: [] };
  const extensions = new Set(request.extensions);
  const warnings: string[] = [];
  const context: WalkContext = { zipsAsFolders: request.zipsAsFolders, tick: ctx.tick, warn: (m) => warnings.push(m), countEntries: ctx.countEntries };
  const walk: SystemWalk = { scan, changed: 0, reused: [], visited: 0, priorFolders: prior?.folders.size ?? 0, warnings, indexedAt: "" };
  for (const folder of request.folders) {
    const o = await walkSystemFolder(folder, request.system, extensions, scan, context, prior);
    walk.changed += o.changed;
    walk.visited += o.visited;
    walk.reused.push(...o.reused);
  }
  walk.indexedAt = new Date().toISOString();
  return walk;
}

/** The walk found the system as the served index recorded it: nothing to read again. */
export function unchangedWalk(walk: SystemWalk<unknown>): boolean {
  return walk.priorFolders > 0 && walk.changed === 0 && walk.visited === walk.priorFolders;
}

/** A scan in the form it crosses between threads. */
export function wireScan(scan: SystemScan): WireScan {
  return { system: scan.system, dirs: scan.dirs, files: scan.files.join("\0"), fileDirs: Int32Array.from(scan.fileDirs), folders: scan.folders ?? [] };
}

/** A scan as it crossed between threads. */
export function scanOf(wire: WireScan): SystemScan {
  return { system: wire.system, dirs: wire.dirs, files: wire.files === "" ? [] : wire.files.split("\0"), fileDirs: Array.from(wire.fileDirs), folders: wire.folders };
}
