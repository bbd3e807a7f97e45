import { readFileSync } from "node:fs";
import { join } from "node:path";
import { listPids } from "../shared/process-tree.ts";

/** A running `runcommand.sh <mode> _SYS_ <system> <rom>`. */
export interface RuncommandProcess {
  pid: number;
  ppid: number;
  system: string;
  rom: string;
}

function read(path: string): string | undefined {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
}

/**
 * The runcommand processes in `procRoot` (/proc), oldest first. Bash's own forks (same command line, parent a
 * runcommand process) are left out, so each game shows once.
 */
export function scanRuncommand(procRoot = "/proc"): RuncommandProcess[] {
  const found: RuncommandProcess[] = [];
  for (const name of listPids(procRoot).map(String)) {
    const args = (read(join(procRoot, name, "cmdline")) ?? "").split("\0");
    const i = args.findIndex((a) => a === "runcommand.sh" || a.endsWith("/runcommand.sh"));
    if (i < 0 || args[i + 2] !== "_SYS_" || !args[i + 3] || !args[i + 4]) continue;
    const stat = read(join(procRoot, name, "stat")) ?? "";
    const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    found.push({ pid: Number(name), ppid: Number.isInteger(ppid) ? ppid : 0, system: args[i + 3] as string, rom: args[i + 4] as string });
  }
  const pids = new Set(found.map((p) => p.pid));
  return found.filter((p) => !pids.has(p.ppid)).sort((a, b) => a.pid - b.pid);
}
