import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { log } from "../../log.ts";
import { ES_SYSTEMS, type EsSystem, esPlaceOf } from "../shared/es-systems.ts";
import { LaunchError, type LaunchTarget, type Launcher, type RunningMedia } from "../shared/launcher.ts";
import { type Spawn, spawnMedia } from "../shared/process-media.ts";
import type { RetroPieActivity } from "./activity.ts";
import { type EmulatorsCfg, parseEmulatorsCfg } from "./emulators-cfg.ts";

const logger = log.withTag("retropie");

export interface RetroPieLauncherOptions {
  paths: RetroPiePaths;
  spawn: Spawn;
  graceMs?: number;
  /** The "now playing" scan, told which runcommand processes are ours. */
  activity?: RetroPieActivity;
}

export interface RetroPiePaths {
  /** `runcommand.sh`, the script EmulationStation starts every game through. */
  runcommand: string;
  /** Per-system configs (`<configs>/<system>/emulators.cfg`). */
  configs: string;
}

export const DEFAULT_RETROPIE_PATHS: RetroPiePaths = {
  runcommand: "/opt/retropie/supplementary/runcommand/runcommand.sh",
  configs: "/opt/retropie/configs",
};

/**
 * One RetroPie system: files of its ES folder started as EmulationStation starts them,
 * `runcommand.sh 0 _SYS_ <system> <rom>` (video mode unchanged), so the system's default emulator from its
 * emulators.cfg runs with the user's settings. The process (runcommand and the emulator it runs) is tracked:
 * its end ends the media, stopping it ends the process group.
 */
export class RetroPieLauncher implements Launcher {
  readonly id: string;
  readonly systemId: string;

  constructor(
    readonly system: EsSystem,
    private readonly opts: RetroPieLauncherOptions,
  ) {
    this.id = system.launcherId;
    this.systemId = system.systemId;
  }

  /** The system's emulators.cfg as it is now; undefined when the system has none. */
  emulators(): EmulatorsCfg | undefined {
    try {
      return parseEmulatorsCfg(readFileSync(join(this.opts.paths.configs, this.system.folder, "emulators.cfg"), "utf8"));
    } catch {
      return undefined;
    }
  }

  handles(t: LaunchTarget): boolean {
    return t.scheme === "" && esPlaceOf(t.path)?.system === this.system && this.emulators()?.default !== undefined;
  }

  async launch(t: LaunchTarget): Promise<RunningMedia> {
    const emu = this.emulators();
    if (!emu?.default) {
      throw new LaunchError(`RetroPie system ${this.system.folder} has no default emulator in ${join(this.opts.paths.configs, this.system.folder, "emulators.cfg")}`);
    }
    logger.info(`${t.path}: runcommand with ${this.system.folder}'s default emulator ${emu.default}`);
    const running = await spawnMedia(this.opts.spawn, [this.opts.paths.runcommand, "0", "_SYS_", this.system.folder, t.path], { graceMs: this.opts.graceMs });
    if (running.pid !== undefined && running.exited) this.opts.activity?.own(running.pid, running.exited);
    return running;
  }
}

/** A launcher for every ES system that has an emulators.cfg (the systems installed), in folder order. */
export function retroPieLaunchers(opts: RetroPieLauncherOptions): RetroPieLauncher[] {
  let installed: Set<string>;
  try {
    installed = new Set(readdirSync(opts.paths.configs));
  } catch {
    logger.info(`no RetroPie configs at ${opts.paths.configs}: no per-system launchers`);
    return [];
  }
  return ES_SYSTEMS.filter((s) => installed.has(s.folder)).map((s) => new RetroPieLauncher(s, opts));
}
