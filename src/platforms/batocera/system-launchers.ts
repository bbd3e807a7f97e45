import type { ActivityWatcher } from "../shared/activity-watcher.ts";
import { ES_SYSTEMS, type EsSystem, esPlaceOf } from "../shared/es-systems.ts";
import { LaunchError, type LaunchTarget, type Launcher, type RunningMedia } from "../shared/launcher.ts";
import { esKey } from "./activity.ts";
import type { EsApi } from "./es-api.ts";
import { gamelistName } from "./gamelist-name.ts";

/**
 * One Batocera system (an EmulationStation system folder, `roms/snes`): the files of that folder with the
 * system's extensions, launched through the front end (`POST /launch`) so the user's emulator choice applies.
 * The launched game is named as the front end names it (its folder's gamelist.xml), else by its file name.
 */
export class BatoceraSystemLauncher implements Launcher {
  readonly id: string;
  readonly systemId: string;

  constructor(
    readonly system: EsSystem,
    private readonly api: EsApi,
    private readonly watcher: ActivityWatcher,
  ) {
    this.id = system.launcherId;
    this.systemId = system.systemId;
  }

  handles(t: LaunchTarget): boolean {
    return t.scheme === "" && esPlaceOf(t.path)?.system === this.system;
  }

  async launch(t: LaunchTarget): Promise<RunningMedia> {
    try {
      await this.api.launch(t.path);
    } catch (err) {
      throw new LaunchError((err as Error).message);
    }
    const running = this.watcher.launched(esKey(t.path));
    const place = esPlaceOf(t.path);
    const name = place && gamelistName(place.dir, t.path);
    if (name) running.mediaName = name;
    return running;
  }
}

/** A launcher for every ES system folder, in folder order. */
export function batoceraSystemLaunchers(api: EsApi, watcher: ActivityWatcher): BatoceraSystemLauncher[] {
  return ES_SYSTEMS.map((s) => new BatoceraSystemLauncher(s, api, watcher));
}
