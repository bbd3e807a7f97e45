import { spawn } from "node:child_process";
import type { ActivityWatcher } from "../activity-watcher.ts";
import { LaunchError, type LaunchTarget, type Launcher, type RunningMedia } from "../../service/launch/launchers/types.ts";
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
  ) {}

  handles(t: LaunchTarget): boolean {
    return t.scheme === "steam" && parseSteamPath(t.path) !== undefined;
  }

  async launch(t: LaunchTarget): Promise<RunningMedia> {
    const parsed = parseSteamPath(t.path);
    if (!parsed) throw new LaunchError(`not a Steam game path: ${t.path}`);
    await openDetached([...this.opener(), runGameUrl(parsed.appId)]);
    return this.watcher.launched(steamKey(parsed.appId));
  }
}

/** Starts a helper that may keep running (the `steam` command starts Steam when it is not running) and lets it go. */
export function openDetached(argv: string[]): Promise<void> {
  const [cmd, ...args] = argv;
  if (!cmd) return Promise.reject(new LaunchError("no command to open the URL with"));
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { detached: true, stdio: "ignore" });
    child.once("error", (err) => reject(new LaunchError(`cannot start ${cmd}: ${(err as NodeJS.ErrnoException).code ?? err.message}`)));
    child.once("spawn", () => {
      child.unref();
      resolve();
    });
  });
}
