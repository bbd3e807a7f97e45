import type { Hono } from "hono";
import type { HttpEnv } from "../../api/http.ts";
import type { AppModule, CoreContext } from "../../app-module.ts";
import type { Config } from "../../config/schema.ts";
import { findMapping } from "../../core/mappings.ts";
import type { ActiveMediaSource, MediaLibrary } from "../../core/media-types.ts";
import type { ScannedToken, TokenSink } from "../../core/token.ts";
import { log } from "../../log.ts";
import { type PlatformOptions, PlatformSet } from "../../platforms/platform-set.ts";
import { systemCatalog } from "../../core/systems/catalog.ts";
import { AplayPlayer, type SoundPlayer } from "../feedback/sound-player.ts";
import { ScanFeedback } from "../feedback/scan-feedback.ts";
import { ActiveMediaTracker } from "./active-media.ts";
import { COMMANDS } from "./commands/table.ts";
import { type CommandEnv, CommandError } from "./commands/types.ts";
import { HistoryRepository } from "./history-repo.ts";
import { CustomLauncher } from "./launchers/custom.ts";
import { DEFAULT_MISTER_PATHS, MisterLauncher, type MisterPaths } from "./launchers/mister.ts";
import { LauncherRegistry } from "./launchers/registry.ts";
import { RetroArchLauncher, type RetroArchOptions } from "./launchers/retroarch.ts";
import type { Launcher, LaunchTarget } from "./launchers/types.ts";
import { MappingsRepository } from "./mappings-repo.ts";
import { launchMethods } from "./methods.ts";
import { LaunchPipeline } from "./pipeline.ts";
import { mountLaunchRoutes } from "./routes.ts";
import { SerialQueue } from "./token-queue.ts";

const logger = log.withTag("launch");

/** Tokens waiting behind the running one; more are refused (`launch` answers busy, readers' scans are dropped). */
export const MAX_QUEUED_TOKENS = 32;

export interface LaunchModuleOptions {
  /** The media index (issue 4); without it, title/search/random/system lookups fail with "media index unavailable". */
  library?: MediaLibrary;
  /** MiSTer paths; given (or on the mister platform) the MiSTer launcher is used. */
  mister?: MisterPaths;
  retroarch?: RetroArchOptions;
  /** Time between SIGTERM and SIGKILL when stopping a launched process. */
  stopGraceMs?: number;
  /** Seams of the platform launchers and watchers (src/platforms/platform-set.ts). */
  platform?: PlatformOptions;
  /** Plays the scan feedback sounds; `aplay` (config `audio.player`, `audio.device`) when absent. */
  soundPlayer?: SoundPlayer;
}

/**
 * The launch pipeline: token → mappings → launch script → commands → launcher, recorded in the history and
 * announced by notifications. Other modules use `sink` (readers deliver tokens), `lastToken()`, `activeMedia`
 * and `stopActive()`.
 */
export class LaunchModule implements AppModule {
  readonly name = "launch";
  readonly sink: TokenSink;
  readonly activeMedia: ActiveMediaSource;
  private readonly tracker: ActiveMediaTracker;
  private readonly history: HistoryRepository;
  private readonly mappings: MappingsRepository;
  private readonly registry: LauncherRegistry;
  private readonly pipeline: LaunchPipeline;
  private readonly queue: SerialQueue<ScannedToken>;
  private readonly mister?: MisterLauncher;
  private readonly platform: PlatformSet;
  private readonly abort = new AbortController();
  private last: ScannedToken | undefined;
  private customCache: { cfg: Config["launchers"]["custom"]; launchers: Launcher[] } | null = null;

  constructor(
    private readonly core: CoreContext,
    private readonly opts: LaunchModuleOptions = {},
  ) {
    this.tracker = new ActiveMediaTracker(core.bus);
    this.platform = new PlatformSet(core.platform, () => core.config.current, this.tracker, { graceMs: opts.stopGraceMs, ...opts.platform });
    this.activeMedia = this.tracker;
    this.history = new HistoryRepository(core.userDb);
    this.mappings = new MappingsRepository(core.userDb);
    if (opts.mister || core.platform === "mister") this.mister = new MisterLauncher(opts.mister ?? DEFAULT_MISTER_PATHS);
    this.registry = new LauncherRegistry(() => this.launchers());
    const feedback = new ScanFeedback(() => core.config.current.audio, opts.soundPlayer ?? new AplayPlayer(() => core.config.current.audio));
    this.pipeline = new LaunchPipeline({ history: this.history, commands: COMMANDS, env: (t) => this.env(t), outcome: (t, ok) => feedback.launched(t, ok) });
    this.queue = new SerialQueue((t) => this.pipeline.run(t), MAX_QUEUED_TOKENS);
    this.sink = { submit: (t) => this.submit(t) };
  }

  lastToken(): ScannedToken | undefined {
    return this.last;
  }

  stopActive(): Promise<void> {
    return this.tracker.stop();
  }

  methods() {
    return launchMethods({ sink: this.sink, queueFull: () => this.queue.full, stopActive: () => this.stopActive(), activeMedia: this.activeMedia, history: this.history, mappings: this.mappings });
  }

  routes(app: Hono<HttpEnv>): void {
    mountLaunchRoutes(app, { sink: this.sink, config: () => this.core.config.current });
  }

  /**
   * Ends the queue (the running script is interrupted at its next wait). Running media is left alone: a
   * service restart must not end the game being played (the process is in its own group and outlives us).
   */
  /** Starts the platform watchers ("now playing" from Batocera, Kodi, Steam). */
  start(): void {
    this.platform.start();
  }

  async stop(): Promise<void> {
    this.abort.abort();
    await this.platform.stop();
    await this.queue.close();
  }

  /** Applies mappings, announces `launching`, queues the token. Returns at once. */
  private submit(token: ScannedToken): void {
    this.last = token;
    if (this.queue.full) {
      logger.warn(`launch queue full (${MAX_QUEUED_TOKENS} waiting); token from ${token.source} dropped`);
      return;
    }
    const mapping = findMapping(this.mappings.all(), token);
    const next = mapping ? { ...token, text: mapping.override } : token;
    if (mapping) logger.info(`mapping ${mapping.id}${mapping.label ? ` (${mapping.label})` : ""} matched`);
    // `launching` announces script text entering the queue; a token without text still gets a history entry
    if (next.text.trim() !== "") this.core.bus.publish("launching", { type: next.type, uid: next.uid, text: next.text, data: next.data });
    this.queue.push(next);
  }

  private launchers(): Launcher[] {
    const cfg = this.core.config.current.launchers;
    if (this.customCache?.cfg !== cfg.custom) {
      this.customCache = { cfg: cfg.custom, launchers: cfg.custom.map((c) => new CustomLauncher(c, this.opts.stopGraceMs)) };
    }
    const builtIn: Launcher[] = [];
    if (this.mister) builtIn.push(this.mister);
    else if (cfg.retroarch && this.core.platform !== "batocera") builtIn.push(new RetroArchLauncher({ graceMs: this.opts.stopGraceMs, ...this.opts.retroarch }));
    return [...this.customCache.launchers, ...this.platform.launchers, ...builtIn];
  }

  private rootFolders(): string[] {
    if (this.opts.library) return this.opts.library.rootFolders();
    const roots = [...this.core.config.current.launchers.index_root];
    if (this.mister) roots.push(`${(this.opts.mister ?? DEFAULT_MISTER_PATHS).sdRoot}/games`);
    return roots;
  }

  private env(token: ScannedToken): CommandEnv {
    return {
      token,
      library: this.opts.library,
      config: () => this.core.config.current,
      platform: this.core.platform,
      active: this.tracker,
      mister: this.mister,
      rootFolders: () => this.rootFolders(),
      startMedia: (target, launcherId) => this.startMedia(token, target, launcherId),
      signal: this.abort.signal,
    };
  }

  private async startMedia(token: ScannedToken, target: LaunchTarget, launcherId?: string): Promise<void> {
    const launcher = launcherId ? this.registry.byId(launcherId) : this.registry.pick(target);
    if (launcherId && !launcher) throw new CommandError(`unknown launcher: ${launcherId}`);
    if (!launcher) {
      const what = target.scheme ? `${target.scheme}:// URLs` : `${target.path} (system ${target.system?.id ?? "unknown"}, extension ${target.extension || "none"})`;
      throw new CommandError(`no launcher for ${what}`);
    }
    await this.tracker.prepareForLaunch();
    let running;
    try {
      running = await launcher.launch(target);
    } catch (err) {
      throw new CommandError(`${launcher.id}: ${(err as Error).message}`);
    }
    const system = target.system ?? (launcher.systemId ? systemCatalog().byIdExact(launcher.systemId) : undefined);
    this.tracker.begin(
      {
        launcherId: launcher.id,
        systemId: system?.id ?? "",
        systemName: system?.name ?? "",
        mediaPath: target.path,
        mediaName: target.name,
        zapScript: token.text,
      },
      running,
    );
  }
}
