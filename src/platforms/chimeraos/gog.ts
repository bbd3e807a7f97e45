import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { LaunchError, type LaunchTarget, type Launcher, type RunningMedia } from "../shared/launcher.ts";
import { type Spawn, spawnMedia, type TreeTracking } from "../shared/process-media.ts";
import { virtualId } from "../linux/url-launchers.ts";

/** Where ChimeraOS's web app installs GOG games: one folder per GOG product id. */
export const CHIMERA_GOG_DIR = join(".local", "share", "chimera", "content", "gog");
/** The start scripts looked for in a game's folder, in order, as the reference looks for them. */
const START_NAMES = ["start.sh", "start", "run.sh", "launch.sh"];

function isFile(p: string): boolean {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
}

/** A GOG game's start script, if the game folder has one. */
export function chimeraStartScript(home: string, gameId: string): string | undefined {
  const dir = join(home, CHIMERA_GOG_DIR, gameId);
  return START_NAMES.map((n) => join(dir, n)).find(isFile);
}

/** The installed GOG games (folders with a start script): their ids, which the reference also uses as names. */
export function chimeraGogGames(home: string): string[] {
  let names: string[] = [];
  try {
    names = readdirSync(join(home, CHIMERA_GOG_DIR));
  } catch {
    return [];
  }
  return names.filter((id) => chimeraStartScript(home, id) !== undefined).sort();
}

/**
 * ChimeraOS's GOG games (`gog://<product id>/<name>`): the game folder's start script runs as a tracked
 * process (its whole process tree is the media). Ids that are not a plain folder name are refused.
 */
export class ChimeraGogLauncher implements Launcher {
  readonly id = "ChimeraGOG";
  readonly systemId = "PC";

  constructor(private readonly opts: { home: string; spawn: Spawn; graceMs?: number; tree?: TreeTracking }) {}

  handles(t: LaunchTarget): boolean {
    return t.scheme === "gog" && virtualId(t.path, "gog") !== undefined;
  }

  launch(t: LaunchTarget): Promise<RunningMedia> {
    const gameId = virtualId(t.path, "gog");
    if (!gameId || gameId === "." || gameId === ".." || gameId.includes("/") || gameId.includes("\\")) {
      return Promise.reject(new LaunchError(`invalid GOG game id in ${t.path}`));
    }
    const script = chimeraStartScript(this.opts.home, gameId);
    if (!script) return Promise.reject(new LaunchError(`no executable found for GOG game ${gameId}`));
    return spawnMedia(this.opts.spawn, [script], { graceMs: this.opts.graceMs, tree: this.opts.tree ?? {} });
  }
}
