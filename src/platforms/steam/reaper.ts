import { readFileSync } from "node:fs";
import { join } from "node:path";
import { listPids } from "../shared/process-tree.ts";

/** A game Steam runs: Steam starts each one under `reaper SteamLaunch AppId=<n> -- …`. */
export interface ReaperProcess {
  pid: number;
  appId: string;
}

function read(path: string): string | undefined {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
}

/** Finds Steam's reaper processes in `procRoot` (/proc, or a fake tree in tests). */
export function scanReapers(procRoot = "/proc"): ReaperProcess[] {
  const out: ReaperProcess[] = [];
  for (const name of listPids(procRoot).map(String)) {
    if (read(join(procRoot, name, "comm"))?.trim() !== "reaper") continue;
    const args = (read(join(procRoot, name, "cmdline")) ?? "").split("\0");
    if (!args.includes("SteamLaunch")) continue;
    const appArg = args.find((a) => /^AppId=\d+$/.test(a));
    if (appArg) out.push({ pid: Number(name), appId: appArg.slice("AppId=".length) });
  }
  return out.sort((a, b) => a.pid - b.pid);
}

/** `pid` and every process below it (children by the parent id in /proc/<pid>/stat). */
export function processTree(pid: number, procRoot = "/proc"): number[] {
  const parentOf = new Map<number, number>();
  for (const name of listPids(procRoot).map(String)) {
    const stat = read(join(procRoot, name, "stat"));
    if (!stat) continue;
    // "<pid> (<comm>) <state> <ppid> …": comm may hold spaces and parentheses, so split after the last ")"
    const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    if (Number.isInteger(ppid)) parentOf.set(Number(name), ppid);
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) {
    for (const [child, parent] of parentOf) if (parent === tree[i] && !tree.includes(child)) tree.push(child);
  }
  return tree;
}
