import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** One process as /proc/<pid>/stat tells it. */
export interface ProcInfo {
  pid: number;
  ppid: number;
  pgrp: number;
  session: number;
  /** Start time in clock ticks since boot: tells a reused pid from the process we knew. */
  start: string;
}

function parseStat(pid: number, stat: string): ProcInfo | undefined {
  // "<pid> (<comm>) <state> <ppid> <pgrp> <session> …": comm may hold spaces and ")", so split after the last ")"
  const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ppid = Number(f[1]);
  const pgrp = Number(f[2]);
  const session = Number(f[3]);
  const start = f[19] ?? "";
  if (!Number.isInteger(ppid) || !Number.isInteger(pgrp) || f[0] === "Z") return undefined; // zombies have ended
  return { pid, ppid, pgrp, session, start };
}

/** The pids in `procRoot` (/proc, or a fake tree in tests): its numeric entries; none when it cannot be read. */
export function listPids(procRoot = "/proc"): number[] {
  let names: string[];
  try {
    names = readdirSync(procRoot);
  } catch {
    return [];
  }
  return names.filter((n) => /^\d+$/.test(n)).map(Number);
}

/** Every live process in `procRoot` (/proc, or a fake tree in tests). */
export function listProcesses(procRoot = "/proc"): ProcInfo[] {
  const out: ProcInfo[] = [];
  for (const pid of listPids(procRoot)) {
    let stat: string;
    try {
      stat = readFileSync(join(procRoot, String(pid), "stat"), "utf8");
    } catch {
      continue; // ended while we looked
    }
    const p = parseStat(pid, stat);
    if (p) out.push(p);
  }
  return out;
}

/**
 * The processes a launch started: the launched process, everything in its process group or session (it was
 * started as a group leader), and every descendant seen while its parent was known, even after a fork moved
 * it to a session of its own (Flatpak's sandbox, a launcher script that daemonises the game). Once a member
 * is known it is followed by pid and start time until it ends, so reparenting to init does not lose it.
 */
export class ProcessTree {
  private readonly members = new Map<number, string>();
  /** The launched process's start time once seen; a later process with its pid and another start is a stranger. */
  private rootStart: string | undefined;
  private rootReused = false;

  constructor(
    readonly rootPid: number,
    private readonly procRoot = "/proc",
  ) {}

  /** Looks at /proc again; returns the pids of the tree still running. */
  refresh(): number[] {
    const procs = listProcesses(this.procRoot);
    const byPid = new Map(procs.map((p) => [p.pid, p]));
    for (const [pid, start] of this.members) if (byPid.get(pid)?.start !== start) this.members.delete(pid);
    const root = this.rootPid;
    const rootNow = byPid.get(root);
    if (rootNow) {
      this.rootStart ??= rootNow.start;
      if (rootNow.start !== this.rootStart) this.rootReused = true;
    }
    // the kernel gives out no pid still in use as a group or session id, so while the tree lives the group is ours;
    // once the pid went to another program, only known members and their children count
    const byGroup = !this.rootReused;
    let grew = true;
    while (grew) {
      grew = false;
      for (const p of procs) {
        if (this.members.has(p.pid)) continue;
        if ((byGroup && (p.pid === root || p.pgrp === root || p.session === root)) || this.members.has(p.ppid)) {
          this.members.set(p.pid, p.start);
          grew = true;
        }
      }
    }
    return [...this.members.keys()];
  }

  /** Sends `sig` to every process of the tree; returns how many were signalled. */
  signal(sig: NodeJS.Signals): number {
    let n = 0;
    for (const pid of this.refresh()) {
      try {
        process.kill(pid, sig);
        n++;
      } catch {}
    }
    return n;
  }
}
