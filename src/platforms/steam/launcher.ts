import type { ActivityWatcher } from "../shared/activity-watcher.ts";
import { LaunchError, type LaunchTarget, type Launcher, type RunningMedia } from "../shared/launcher.ts";
import type { Spawn } from "../shared/process-media.ts";
import { parseSteamPath, runGameUrl, STEAM_LAUNCHER_ID, STEAM_SYSTEM_ID, steamKey } from "./paths.ts";

/**
 * Steam games by their Steam id: opens `steam://rungameid/<id>` with the opener (`steam <url>` on SteamOS,
 * `xdg-open <url>` elsewhere). Steam runs the game; the watcher finds it by its reaper process.
 */
export class SteamLauncher implements Launcher {
  readonly id = STEAM_LAUNCHER_ID;
  readonly systemId = STEAM_SYSTEM_ID;

  constructor(
    private readonly opener: () => string[],
    private readonly watcher: ActivityWatcher,
    private readonly spawn: Spawn,
  ) {}

  handles(t: LaunchTarget): boolean {
    return t.scheme === "steam" && parseSteamPath(t.path) !== undefined;
  }

  async launch(t: LaunchTarget): Promise<RunningMedia> {
    const parsed = parseSteamPath(t.path);
    if (!parsed) throw new LaunchError(`not a Steam game path: ${t.path}`);
    await openDetached(this.spawn, [...this.opener(), runGameUrl(parsed.appId)]);
    return this.watcher.launched(steamKey(parsed.appId));
  }
}

/** Starts a helper that may keep running (the `steam` command starts Steam when it is not running) and lets it go. */
export async function openDetached(spawn: Spawn, argv: string[]): Promise<void> {
  const cmd = argv[0];
  if (!cmd) throw new LaunchError("no command to open the URL with");
  try {
    await spawn(argv, { detached: true });
  } catch (err) {
    throw new LaunchError(`cannot start ${cmd}: ${(err as Error).message}`);
  }
}
