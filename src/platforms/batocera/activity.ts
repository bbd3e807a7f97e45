import { systemCatalog } from "../../core/systems/catalog.ts";
import { log } from "../../log.ts";
import type { ActivityReport, PlatformActivity } from "../shared/activity.ts";
import { esPlaceOf, esSystemForFolder } from "../shared/es-systems.ts";
import type { Spawn } from "../shared/process-media.ts";
import { runCommand, sleep } from "../shared/run-command.ts";
import type { EsApi } from "./es-api.ts";
import type { EsRunningGame } from "./running-game.ts";

const logger = log.withTag("batocera");

export interface BatoceraActivityOptions {
  spawn: Spawn;
  /** `hotkeygen` (Batocera's virtual hotkey tool); undefined when it is not installed. */
  hotkeygen?: () => string | undefined;
  /** Pause after the exit hotkey before checking (500 ms) and between checks. */
  checkDelayMs?: number;
  /** How many times stop checks `/runningGame` (and sends `/emukill` while the game still runs). */
  stopChecks?: number;
  /** Pause after a stop, before the next launch, so the front end is back in its menu (2 s). */
  settleMs?: number;
  startWindowMs?: number;
}

export const BATOCERA_LAUNCHER_ID = "Batocera";

/** Key of a game the front end runs or was asked to launch. */
export const esKey = (path: string) => `path:${path}`;

/** "Now playing" and stop through Batocera's front end. */
export class BatoceraActivity implements PlatformActivity {
  readonly id = "Batocera";
  readonly startWindowMs: number;
  private readonly catalog = systemCatalog();

  constructor(
    private readonly api: EsApi,
    private readonly opts: BatoceraActivityOptions,
  ) {
    this.startWindowMs = opts.startWindowMs ?? 30_000;
  }

  async poll(): Promise<ActivityReport | null> {
    const game = await this.api.runningGame();
    return game ? this.report(game) : null;
  }

  /**
   * The exit hotkey first (the emulator saves and closes as if the user pressed it), then up to `stopChecks`
   * looks at `/runningGame`, sending `/emukill` while the game still runs. An API that cannot be reached
   * counts as stopped.
   */
  async stop(): Promise<void> {
    const delay = this.opts.checkDelayMs ?? 500;
    try {
      if (!(await this.api.runningGame())) return;
    } catch (err) {
      logger.warn(`stop: ${(err as Error).message}; counting the game as stopped`);
      return;
    }
    const hotkeygen = this.opts.hotkeygen?.();
    if (hotkeygen) {
      await runCommand(this.opts.spawn, [hotkeygen, "--send", "exit"], 5000).catch((err) => logger.warn(`stop: ${(err as Error).message}`));
      await sleep(delay);
    }
    for (let i = 0; i < (this.opts.stopChecks ?? 10); i++) {
      try {
        if (!(await this.api.runningGame())) break;
        await this.api.emukill();
      } catch (err) {
        logger.warn(`stop: ${(err as Error).message}; counting the game as stopped`);
        return;
      }
      await sleep(delay);
    }
    await sleep(this.opts.settleMs ?? 2000);
  }

  private report(game: EsRunningGame): ActivityReport {
    // the front end names its system folder (`snes`): that system's launcher and id, else what the path says
    const es = esSystemForFolder(game.systemName) ?? (game.path ? esPlaceOf(game.path)?.system : undefined);
    const system = (es && this.catalog.byIdExact(es.systemId)) ?? (game.path ? this.catalog.systemForPath(game.path) : undefined) ?? this.catalog.systemsForFolder(game.systemName)[0];
    const keys = [game.path ? esKey(game.path) : "", game.id ? `es:${game.id}` : ""].filter(Boolean);
    return {
      keys,
      media: {
        launcherId: es?.launcherId ?? BATOCERA_LAUNCHER_ID,
        systemId: system?.id ?? game.systemName,
        systemName: system?.name ?? game.systemName,
        mediaPath: game.path,
        mediaName: game.name || baseName(game.path),
      },
    };
  }
}

function baseName(path: string): string {
  const file = path.split("/").pop() ?? path;
  const dot = file.lastIndexOf(".");
  return dot > 0 ? file.slice(0, dot) : file;
}
