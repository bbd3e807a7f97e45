import { basename } from "node:path";
import { systemCatalog } from "../../core/systems/catalog.ts";
import { log } from "../../log.ts";
import type { ActivityReport, PlatformActivity } from "../shared/activity.ts";
import { esSystemForFolder } from "../shared/es-systems.ts";
import { sleep } from "../shared/run-command.ts";
import { processTree } from "../steam/reaper.ts";
import { type RuncommandProcess, scanRuncommand } from "./runcommand-procs.ts";
import { isAlive, signalAll } from "../shared/process-signals.ts";

const logger = log.withTag("retropie");

/**
 * "Now playing" for games EmulationStation starts from its own menu: every game runs under
 * `runcommand.sh <mode> _SYS_ <system> <rom>`, so a runcommand process names the system and the ROM. Processes
 * our own launchers started are left out (the launch tracks them already).
 */
export class RetroPieActivity implements PlatformActivity {
  readonly id = "RetroPie";
  readonly startWindowMs = 0;
  private readonly ours = new Set<number>();
  private readonly catalog = systemCatalog();

  constructor(private readonly opts: { procRoot?: string; graceMs?: number } = {}) {}

  /** A runcommand process a launcher of ours started; forgotten once it ends. */
  own(pid: number, exited: Promise<void>): void {
    this.ours.add(pid);
    void exited.then(() => this.ours.delete(pid));
  }

  private running(): RuncommandProcess | undefined {
    return scanRuncommand(this.opts.procRoot).find((p) => !this.ours.has(p.pid) && !this.ours.has(p.ppid));
  }

  async poll(): Promise<ActivityReport | null> {
    const p = this.running();
    if (!p) return null;
    const es = esSystemForFolder(p.system);
    const system = (es && this.catalog.byIdExact(es.systemId)) ?? this.catalog.systemsForFolder(p.system)[0];
    const file = basename(p.rom);
    const dot = file.lastIndexOf(".");
    return {
      keys: [`path:${p.rom}`],
      media: {
        launcherId: es?.launcherId ?? "RetroPie",
        systemId: system?.id ?? p.system,
        systemName: system?.name ?? p.system,
        mediaPath: p.rom,
        mediaName: dot > 0 ? file.slice(0, dot) : file,
      },
    };
  }

  /**
   * Ends what runcommand runs (its child processes: SIGTERM, SIGKILL after the grace period) so runcommand itself
   * restores the video mode and runs its end script; runcommand gets SIGTERM only if it is still there then.
   */
  async stop(): Promise<void> {
    const p = this.running();
    if (!p) return;
    const procRoot = this.opts.procRoot;
    const children = processTree(p.pid, procRoot).slice(1);
    signalAll(children, "SIGTERM");
    const deadline = Date.now() + (this.opts.graceMs ?? 3000);
    while (Date.now() < deadline && isAlive(p.pid)) await sleep(50);
    const left = [...children, p.pid].filter(isAlive);
    if (left.length) {
      logger.warn(`runcommand ${p.pid} still running after its game was told to end; sending SIGKILL to ${left.join(", ")}`);
      signalAll(left, "SIGKILL");
    }
  }
}
