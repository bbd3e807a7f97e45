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

/** What the walk of one system found, in a form that crosses between threads (texts joined by NUL). */
export interface SystemWalked {
  system: string;
  dirs: SystemScan["dirs"];
  /** File names joined by NUL ("" for none; file names hold no NUL). */
  files: string;
  fileDirs: Int32Array;
  folders: FolderRecord[];
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

/**
 * Walks every folder of one system (walker.ts), in whichever thread runs it: the index run's own, or a split
 * run's thread (split-run.ts), which walks while the run's thread parses the names walked before.
 */
export async function walkSystem(request: SystemWalkRequest, ctx: Pick<WalkContext, "tick" | "countEntries">): Promise<SystemWalked> {
  const prior = request.prior.length > 0 ? priorWalk(request.prior) : undefined;
  const scan: SystemScan = { system: request.system, dirs: [], files: [], fileDirs: [], folders: [] };
  const extensions = new Set(request.extensions);
  const warnings: string[] = [];
  const context: WalkContext = { zipsAsFolders: request.zipsAsFolders, tick: ctx.tick, warn: (m) => warnings.push(m), countEntries: ctx.countEntries };
  const walked: SystemWalked = { system: request.system, dirs: scan.dirs, files: "", fileDirs: new Int32Array(0), folders: [], changed: 0, reused: [], visited: 0, priorFolders: prior?.folders.size ?? 0, warnings, indexedAt: "" };
  for (const folder of request.folders) {
    const o = await walkSystemFolder(folder, request.system, extensions, scan, context, prior);
    walked.changed += o.changed;
    walked.visited += o.visited;
    walked.reused.push(...o.reused);
  }
  walked.files = scan.files.join("\0");
  walked.fileDirs = Int32Array.from(scan.fileDirs);
  walked.folders = scan.folders ?? [];
  walked.indexedAt = new Date().toISOString();
  return walked;
}

/** A system's files in the form they cross between threads. */
export type WireScan = Pick<SystemWalked, "system" | "dirs" | "files" | "fileDirs" | "folders">;

/** A scan in the form it crosses between threads. */
export function wireScan(scan: SystemScan): WireScan {
  return { system: scan.system, dirs: scan.dirs, files: scan.files.join("\0"), fileDirs: Int32Array.from(scan.fileDirs), folders: scan.folders ?? [] };
}

/** The scan of a walk as the index run keeps it. */
export function scanOf(walked: WireScan): SystemScan {
  return { system: walked.system, dirs: walked.dirs, files: walked.files === "" ? [] : walked.files.split("\0"), fileDirs: Array.from(walked.fileDirs), folders: walked.folders };
}

/** The walk found the system as the served index recorded it: nothing to read again. */
export function unchangedWalk(walked: SystemWalked): boolean {
  return walked.priorFolders > 0 && walked.changed === 0 && walked.visited === walked.priorFolders;
}
