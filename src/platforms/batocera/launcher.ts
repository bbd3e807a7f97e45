import type { ActivityWatcher } from "../shared/activity-watcher.ts";
import type { LaunchTarget, Launcher, RunningMedia } from "../shared/launcher.ts";
import { LaunchError } from "../shared/launcher.ts";
import { BATOCERA_LAUNCHER_ID, esKey } from "./activity.ts";
import type { EsApi } from "./es-api.ts";

/**
 * Batocera: every game file goes through the front end (`POST /launch`), which picks the emulator and core the
 * user configured for that system, keeps its screen and controls, and knows what runs.
 */
export class BatoceraLauncher implements Launcher {
  readonly id = BATOCERA_LAUNCHER_ID;

  constructor(
    private readonly api: EsApi,
    private readonly watcher: ActivityWatcher,
  ) {}

  handles(t: LaunchTarget): boolean {
    return t.scheme === "" && t.extension !== "";
  }

  async launch(t: LaunchTarget): Promise<RunningMedia> {
    try {
      await this.api.launch(t.path);
    } catch (err) {
      throw new LaunchError((err as Error).message);
    }
    return this.watcher.launched(esKey(t.path));
  }
}
