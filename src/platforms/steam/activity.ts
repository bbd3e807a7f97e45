import type { ActivityReport, PlatformActivity } from "../shared/activity.ts";
import { log } from "../../log.ts";
import { sleep } from "../shared/run-command.ts";
import { steamGameName } from "./library.ts";
import { STEAM_LAUNCHER_ID, STEAM_SYSTEM_ID, steamKey, steamPath } from "./paths.ts";
import { processTree, scanReapers } from "./reaper.ts";
import { registryRunningAppId } from "./registry.ts";
import { isAlive, signalAll } from "../shared/process-signals.ts";

const logger = log.withTag("steam");

export interface SteamActivityOptions {
  procRoot?: string;
  /** Steam's folder, for game names (appmanifest files). */
  steamRoot: () => string | undefined;
  /** Home folder holding the client's `~/.steam/registry.vdf` (its RunningAppID); absent: not read. */
  home?: string;
  /** Time between SIGTERM and SIGKILL (3 s). */
  graceMs?: number;
  startWindowMs?: number;
}

/** Steam games: found as the reference finds them, by Steam's `reaper` processes; stopped by signalling their process tree. */
export class SteamActivity implements PlatformActivity {
  readonly id = "Steam";
  readonly startWindowMs: number;

  constructor(private readonly opts: SteamActivityOptions) {
    this.startWindowMs = opts.startWindowMs ?? 60_000;
  }

  async poll(): Promise<ActivityReport | null> {
    // the reaper first (as the reference); else what the client itself writes in its registry file
    const appId = scanReapers(this.opts.procRoot)[0]?.appId ?? (this.opts.home !== undefined ? registryRunningAppId(this.opts.home, this.opts.procRoot) : undefined);
    if (!appId) return null;
    const name = steamGameName(this.opts.steamRoot(), appId) ?? `Steam app ${appId}`;
    return {
      keys: [steamKey(appId)],
      media: { launcherId: STEAM_LAUNCHER_ID, systemId: STEAM_SYSTEM_ID, systemName: "PC", mediaPath: steamPath(appId, name), mediaName: name },
    };
  }

  /** SIGTERM to each game's process tree, SIGKILL to what is left after the grace period. */
  async stop(): Promise<void> {
    const procRoot = this.opts.procRoot;
    const pids = scanReapers(procRoot).flatMap((r) => processTree(r.pid, procRoot));
    if (pids.length === 0) return;
    signalAll(pids, "SIGTERM");
    const deadline = Date.now() + (this.opts.graceMs ?? 3000);
    while (Date.now() < deadline && pids.some(isAlive)) await sleep(100);
    const left = pids.filter(isAlive);
    if (left.length) {
      logger.warn(`game processes ${left.join(", ")} ignored SIGTERM; sending SIGKILL`);
      signalAll(left, "SIGKILL");
    }
  }
}
