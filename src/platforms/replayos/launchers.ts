import { relative, sep } from "node:path";
import { log } from "../../log.ts";
import type { ActivityWatcher } from "../shared/activity-watcher.ts";
import { LaunchError, type LaunchTarget, type Launcher, type RunningMedia } from "../shared/launcher.ts";
import type { ReplayActivity } from "./activity.ts";
import { deleteAutostart, storageOf, writeAutostart } from "./storage.ts";
import { REPLAY_SYSTEMS, type ReplaySystem } from "./system-map.ts";

const logger = log.withTag("replayos");

/** How long the autostart file stays after a launch (ReplayOS has read it by then), as the reference waits. */
export const AUTOSTART_CLEAR_MS = 5000;

export interface ReplayLauncherDeps {
  activity: ReplayActivity;
  watcher: ActivityWatcher;
  /** Time before the autostart file is removed again. */
  clearMs?: number;
}

/**
 * One ReplayOS system folder (`<drive>/roms/nintendo_snes`): its files with the system's extensions. ReplayOS
 * has no launch command: the game's path (relative to the drive, `/roms/<folder>/<file>`) goes into
 * `roms/_autostart/autostart.auto` and replay.service is restarted, which starts that game; the file is removed
 * a few seconds later so a later restart returns to the menu. Only games on the drive ReplayOS plays from
 * (replay.cfg `system_storage`) can start.
 */
export class ReplaySystemLauncher implements Launcher {
  readonly id: string;
  readonly systemId: string;

  constructor(
    readonly system: ReplaySystem,
    private readonly deps: ReplayLauncherDeps,
  ) {
    this.id = system.launcherId;
    this.systemId = system.systemId;
  }

  handles(t: LaunchTarget): boolean {
    if (t.scheme !== "" || !this.system.extensions.includes(t.extension)) return false;
    const drive = storageOf(t.path, this.deps.activity.drives().all);
    return drive !== undefined && relative(`${drive}/roms`, t.path).split(sep)[0] === this.system.folder;
  }

  async launch(t: LaunchTarget): Promise<RunningMedia> {
    const { activity, watcher } = this.deps;
    const { active, all } = activity.drives();
    if (!active) throw new LaunchError("no ReplayOS storage detected");
    const drive = storageOf(t.path, all);
    if (!drive) throw new LaunchError(`ROM path is not under any known ReplayOS storage: ${t.path}`);
    if (drive !== active) {
      const name = (p: string) => p.split("/").at(-1);
      throw new LaunchError(`ROM is on ${name(drive)} but ReplayOS is configured for ${name(active)}; change storage in REPLAY OPTIONS > SYSTEM > STORAGE`);
    }
    try {
      writeAutostart(active, t.path);
    } catch (err) {
      throw new LaunchError(`cannot write the autostart file: ${(err as Error).message}`);
    }
    activity.pending = t.path;
    try {
      await watcher.launching(() => activity.restartService());
    } catch (err) {
      deleteAutostart(active);
      activity.pending = undefined;
      throw new LaunchError(`cannot restart replay.service: ${(err as Error).message}`);
    }
    const timer = setTimeout(() => {
      try {
        deleteAutostart(active);
      } catch (err) {
        logger.warn(`cannot remove the autostart file: ${(err as Error).message}`);
      }
    }, this.deps.clearMs ?? AUTOSTART_CLEAR_MS);
    (timer as { unref?: () => void }).unref?.();
    return watcher.launched(`path:${t.path}`);
  }
}

/** A launcher for every ReplayOS system folder, in the reference's order. */
export function replayLaunchers(deps: ReplayLauncherDeps): ReplaySystemLauncher[] {
  return REPLAY_SYSTEMS.map((s) => new ReplaySystemLauncher(s, deps));
}
