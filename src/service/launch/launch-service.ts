import { dirname, join } from "node:path";
import { DomainError } from "../../core/errors.ts";
import { findMapping } from "../../core/mappings.ts";
import type { ActiveMedia, MediaLibrary } from "../../core/media-types.ts";
import { systemCatalog } from "../../core/systems/catalog.ts";
import { rfc3339, type ScannedToken, type TokenSink } from "../../core/token.ts";
import { tokenSizeProblem } from "../../core/token-limits.ts";
import { parseZapScript } from "../../core/zapscript/index.ts";
import { TraceBuilder } from "../../core/trace/builder.ts";
import type { ScanTrace } from "../../core/wire/trace.ts";
import { log } from "../../log.ts";
import type { LaunchTarget } from "../../platforms/shared/launcher.ts";
import type { PlatformSet } from "../../platforms/platform-set.ts";
import type { ServiceContext } from "../context.ts";
import type { InputService } from "../input/input-service.ts";
import type { Lifecycle } from "../lifecycle.ts";
import type { ActiveMediaTracker } from "./active-media.ts";
import { COMMANDS } from "./commands/table.ts";
import { type CommandEnv, CommandError } from "./commands/types.ts";
import { type HistoryEntry, HistoryRepository } from "./history-repo.ts";
import { FileMappings } from "./file-mappings.ts";
import { LaunchGuard } from "./launch-guard.ts";
import { gatedMethod } from "./gated.ts";
import { UiEventsService } from "../ui-events/ui-events-service.ts";
import { MappingsService } from "./mappings-service.ts";
import { LaunchPipeline } from "./pipeline.ts";
import { splitHttpAllow } from "../../core/zapscript/http-allow.ts";
import { ZapLinkStore } from "../zaplinks/zaplink-store.ts";
import { ZapLinks } from "../zaplinks/zaplinks.ts";
import { SerialQueue } from "./serial-queue.ts";
import { PlaylistService } from "../playlist/playlist-service.ts";
import { readPlaylistSource } from "../playlist/playlist-source.ts";
import { BackgroundAudio, pauseMusicOnLaunch } from "../audio/background-audio.ts";
import { isAudioFile } from "../../platforms/shared/audio-player.ts";
import { resolveTarget } from "./media-resolver.ts";
import { dryRunRemoteInstall, installRemoteFile, type RemoteInstallDeps } from "./remote-install.ts";
import { authLookup } from "../../config/auth-file.ts";

const logger = log.withTag("launch");

/** Tokens waiting behind the running one; more are refused (`launch` answers busy, readers' scans are dropped). */
export const MAX_QUEUED_TOKENS = 32;

export interface LaunchDeps {
  /** Launchers, the system launcher and "now playing" watchers of this platform (built by the composition root). */
  platforms: PlatformSet;
  /** The one record of what runs now, shared with the platform watchers. */
  tracker: ActiveMediaTracker;
  /** The media index; without it, title/search/random/system lookups fail with "media index unavailable". */
  library?: MediaLibrary;
  /** Virtual keyboard and gamepad for the input commands. */
  input?: InputService;
  /** Told each token's outcome once its script ran (scan feedback); must return at once. */
  outcome?(token: ScannedToken, ok: boolean): void;
  /** Sound cues of the launch guard (a token staged / ready to confirm by a re-tap). */
  guardCue?(what: "staged" | "ready"): void;
  /** The UI event service the launch guard asks "Change game?" through, and remote installs show their loader in (one of its own when absent). */
  ui?: UiEventsService;
  /** The n-th most recently played distinct media, for `launch.last`. */
  recentMedia?(n: number): { mediaPath: string; systemId: string } | undefined;
  /** Profile switching for the `profile` commands. */
  profiles?: CommandEnv["profiles"];
  /** `**write:`: arms a write of the next tag scanned (the write-playing service). */
  armWrite?: CommandEnv["armWrite"];
  /**
   * Launch gate (playtime limits): throws a DomainError to refuse starting media, before anything is stopped.
   * `quiet` (a dry run): only throws, announcing nothing.
   */
  gate?(quiet?: boolean): void;
}

/**
 * The launch pipeline: token → mappings → launch script → commands → launcher, recorded in the history and
 * announced by events. Readers and the API hand tokens to `sink`; mappings live in `mappings`.
 */
export class LaunchService implements Lifecycle {
  readonly name = "launch";
  readonly sink: TokenSink = { submit: (t) => this.submit(t) };
  readonly mappings: MappingsService;
  /** Read-only mappings from `<data>/mappings/*.toml`, tried after the database's. */
  readonly fileMappings: FileMappings;
  /** Holds scans that would replace running media until they are confirmed (`readers.scan.launch_guard`). */
  readonly guard: LaunchGuard;
  /** The active playlists (`playlist.*`, reported by `media`); their items run as tokens from "playlist". */
  readonly playlists: PlaylistService;
  private readonly historyRepo: HistoryRepository;
  private readonly zapLinks: ZapLinks;
  private unsubscribe: (() => void) | null = null;
  private readonly pipeline: LaunchPipeline;
  private readonly queue: SerialQueue<ScannedToken>;
  private readonly abort = new AbortController();
  private last: ScannedToken | undefined;
  /** The trace begun for each token on its way to the queue (mappings, guard), picked up when it runs. */
  private readonly traces = new WeakMap<ScannedToken, TraceBuilder>();
  /** What `launch` of a remote file (an http(s) URL with `?system=`) installs with (remote-install.ts). */
  private readonly remoteInstall: RemoteInstallDeps;

  constructor(
    private readonly ctx: ServiceContext,
    private readonly deps: LaunchDeps,
  ) {
    this.historyRepo = new HistoryRepository(ctx.userDb);
    this.zapLinks = new ZapLinks({
      store: new ZapLinkStore(ctx.userDb, () => ctx.clock.now()),
      allow: () => splitHttpAllow(ctx.config.current.zapscript.allow_http).hosts,
      platform: ctx.platform,
    });
    this.mappings = new MappingsService(ctx.userDb);
    this.fileMappings = new FileMappings(join(ctx.dataDir, "mappings"), () => ctx.config.current.mappings.entry);
    this.pipeline = new LaunchPipeline({
      history: this.historyRepo,
      commands: COMMANDS,
      env: (t, trace, dryRun) => this.env(t, trace, dryRun),
      outcome: deps.outcome,
      now: () => ctx.clock.now(),
      zapLink: (text, signal) => this.zapLinks.resolve(text, signal),
      dryRunGate: () => this.deps.gate?.(true),
    });
    this.queue = new SerialQueue((t) => this.pipeline.run(t, this.traces.get(t)), MAX_QUEUED_TOKENS);
    const background = new BackgroundAudio({ spawn: ctx.runtime.spawn, events: ctx.events, clock: ctx.clock, settings: () => ctx.config.current.audio, ended: (n) => this.playlists.trackEnded(n), pauseOnLaunch: () => pauseMusicOnLaunch(ctx.config.current) });
    this.playlists = new PlaylistService({ launch: (text) => this.enqueue({ type: "playlist", uid: "", text, data: "", scanTime: rfc3339(new Date(ctx.clock.now())), source: "playlist" }), background });
    const ui = deps.ui ?? new UiEventsService({ events: ctx.events, clock: ctx.clock });
    this.guard = new LaunchGuard({
      settings: () => ctx.config.current.readers.scan.launch_guard,
      mediaActive: () => deps.tracker.current() !== null,
      events: ctx.events,
      timers: ctx.clock,
      launch: (t) => this.enqueue(t),
      cue: deps.guardCue,
      ui,
    });
    this.remoteInstall = {
      ui,
      dataDir: ctx.dataDir,
      rootFolders: () => this.rootFolders(),
      allow: () => splitHttpAllow(ctx.config.current.zapscript.allow_http).hosts,
      credentials: authLookup(join(dirname(ctx.config.path), "auth.toml")),
    };
  }

  /** Queues a token from the API; refused (busy) when the queue is full. Returns at once. */
  request(token: ScannedToken): void {
    if (this.queue.full) throw new DomainError("busy", "too many launches waiting; try again when the running ones are done");
    this.submit(token);
  }

  /** The last token handed to the pipeline (readers, API, HTTP). */
  lastToken(): ScannedToken | undefined {
    return this.last;
  }

  /** This device's launchers in priority order (`launchers`). */
  launchers(): { id: string; systemId?: string }[] {
    return this.deps.platforms.all().map((l) => ({ id: l.id, ...(l.systemId ? { systemId: l.systemId } : {}) }));
  }

  /** Rebuilds the launchers built from the config (`launchers.refresh`). */
  rescanLaunchers(): void {
    this.deps.platforms.rescan();
  }

  /** What runs now, with its launcher's actions (`launcherControls`, sorted) when it has any. */
  activeMedia(): ActiveMedia | null {
    const cur = this.deps.tracker.current();
    const controls = cur ? this.controlsOf(cur.launcherId) : [];
    return cur && controls.length > 0 ? { ...cur, launcherControls: controls } : cur;
  }

  /** The actions a launcher offers (`control`, `media.control`): its own, and a custom launcher's `controls` whose scripts parse. */
  controlsOf(launcherId: string): string[] {
    const entry = launcherId === "" ? undefined : this.ctx.config.current.launchers.custom.find((l) => l.id === launcherId);
    const scripts = Object.entries(entry?.controls ?? {}).filter(([, script]) => parses(script)).map(([action]) => action);
    const builtIn = launcherId === "" ? [] : Object.keys(this.deps.platforms.launcherById(launcherId)?.controls ?? {});
    return [...new Set([...scripts, ...builtIn])].sort();
  }

  /** Runs an action of the active media's launcher now (`media.control`), as the `control:<action>` command does. */
  async control(action: string): Promise<void> {
    const token: ScannedToken = { type: "api", uid: "", text: `**control:${action}`, data: "", scanTime: rfc3339(new Date(this.ctx.clock.now())), source: "api" };
    await COMMANDS.control!({ name: "control", args: [action], advArgs: {} }, this.env(token, new TraceBuilder(token, () => this.ctx.clock.now()), false));
  }

  /** Media that plays without us (`media.active.update`). */
  reportActive(info: Omit<ActiveMedia, "started">): void {
    this.deps.tracker.reportExternal(info);
  }

  /** Forgets the active media without stopping it. */
  clearActive(): void {
    this.deps.tracker.clear();
  }

  stopActive(): Promise<void> {
    return this.deps.tracker.stop();
  }

  /** Latest launches, newest first, with the reason of each failure. */
  history(limit?: number): HistoryEntry[] {
    return this.historyRepo.list(limit);
  }

  /** One history entry with its trace (`tokens.trace`); undefined when there is none with that id. */
  historyEntry(id: number): HistoryEntry | undefined {
    return this.historyRepo.get(id);
  }

  /**
   * What this token would do on this device (`dryRun`): mappings, the launch guard (a token from a reader), the
   * script, each command, the launcher it would pick and the launch gate. Nothing starts, nothing is written to
   * the history, no event is published. A token the guard would hold is marked `held`; its commands show what
   * would happen once it is confirmed.
   */
  dryRun(token: ScannedToken): Promise<ScanTrace> {
    const tooLarge = tokenSizeProblem(token);
    if (tooLarge) throw new DomainError("invalid", tooLarge);
    const { next, trace } = this.mapped(token, true);
    if (this.guard.wouldHold(token, next)) trace.held();
    return this.pipeline.dryRun(next, trace);
  }

  /** Starts the platform watchers ("now playing" from Batocera, Kodi, Steam). */
  start(): void {
    this.fileMappings.load();
    this.deps.platforms.start();
    this.unsubscribe = this.ctx.events.subscribe((name, p) => {
      if (name === "media.started" && (p as { slot?: string }).slot !== "background") this.onMediaStart();
    });
  }

  /**
   * Runs a hook's script now, beside the queue (`readers.scan.on_scan` with the token scanned, `on_remove`):
   * true when it ran to the end or there is none, false when it failed (the caller drops the scan or the exit).
   */
  async runHook(name: string, script: string, scanned?: ScannedToken, cancel?: AbortSignal): Promise<boolean> {
    if (script.trim() === "") return true;
    const token: ScannedToken = { type: "hook", uid: "", text: script, data: "", scanTime: rfc3339(new Date(this.ctx.clock.now())), source: "api", remote: false };
    return (await this.pipeline.hook(name, token, scanned ? { id: scanned.uid, value: scanned.text, data: scanned.data } : undefined, cancel)) === null;
  }

  /** `launchers.on_media_start`: queued after media starts (not for media its own script started: no loop). */
  private onMediaStart(): void {
    const script = this.ctx.config.current.launchers.on_media_start;
    if (script.trim() === "" || this.deps.tracker.current()?.zapScript === script) return;
    logger.info("running launchers.on_media_start");
    this.enqueue({ type: "hook", uid: "", text: script, data: "", scanTime: rfc3339(new Date(this.ctx.clock.now())), source: "api", remote: false });
  }

  /**
   * Ends the queue (the running script is interrupted at its next wait). Running media is left alone: a
   * service restart must not end the game being played (the process is in its own group and outlives us).
   */
  async stop(): Promise<void> {
    this.abort.abort();
    this.unsubscribe?.();
    this.guard.stop();
    this.playlists.clear("background");
    await this.deps.platforms.stop();
    await this.queue.close();
  }

  /** Applies mappings; then the launch guard may hold the token, else it is queued. Returns at once. */
  private submit(token: ScannedToken): void {
    const tooLarge = tokenSizeProblem(token); // every source (readers, MQTT, API, GET /l/) passes here
    if (tooLarge) {
      logger.warn(`${tooLarge}; token from ${token.source} refused`);
      return;
    }
    this.last = token;
    if (this.queue.full) {
      logger.warn(`launch queue full (${MAX_QUEUED_TOKENS} waiting); token from ${token.source} dropped`);
      return;
    }
    const { next, trace } = this.mapped(token, false);
    this.traces.set(next, trace);
    if (this.guard.intercept(token, next, trace)) return;
    this.enqueue(next);
  }

  /** Applies the first matching mapping (database, then files) and begins the token's trace. */
  private mapped(token: ScannedToken, dryRun: boolean): { next: ScannedToken; trace: TraceBuilder } {
    const trace = new TraceBuilder(token, () => this.ctx.clock.now(), dryRun);
    const mapping = findMapping(this.mappings.all(), token, (m, why) => logger.warn(`mapping ${m.id} never matches: ${why}`)) ?? this.fileMappings.find(token);
    if (!mapping) return { next: token, trace };
    if (!dryRun) logger.info(`${"file" in mapping ? `file mapping from ${mapping.file}` : `mapping ${mapping.id}`}${mapping.label ? ` (${mapping.label})` : ""} matched`);
    trace.mapped(mapping, mapping.override);
    return { next: { ...token, text: mapping.override }, trace };
  }

  /** Announces `launching` and queues a token whose mappings were applied. */
  private enqueue(next: ScannedToken): void {
    // `launching` announces script text entering the queue; a token without text still gets a history entry
    if (next.text.trim() !== "") this.ctx.events.publish("launching", { type: next.type, uid: next.uid, text: next.text, data: next.data });
    this.queue.push(next);
  }

  /** The extension lists of a system's launchers, for a title's file-type preference (PlatformSet.extensionLists). */
  launcherExtensions(systemId: string, launcherId?: string): string[][] {
    return this.deps.platforms.extensionLists(systemId, launcherId);
  }

  private rootFolders(): string[] {
    if (this.deps.library) return this.deps.library.rootFolders();
    return [...this.ctx.config.current.launchers.index_root, ...this.deps.platforms.extraRoots()];
  }

  private env(token: ScannedToken, trace: TraceBuilder, dryRun: boolean): CommandEnv {
    return {
      token,
      library: this.deps.library,
      config: () => this.ctx.config.current,
      platform: this.ctx.platform,
      active: this.deps.tracker,
      // the launch gate in front of what starts media (an MGL too, as the reference counts it)
      systemLauncher: gatedMethod(this.deps.platforms.systemLauncher, "launchSystem", this.deps.gate),
      rootFolders: () => this.rootFolders(),
      traceTitle: (info) => trace.title(info),
      launcherExtensions: (systemId, launcherId) => this.launcherExtensions(systemId, launcherId),
      startMedia: (target, launcherId) => this.startMedia(token, target, launcherId, trace, dryRun),
      installRemote: async (req) => (dryRun ? dryRunRemoteInstall(req, this.remoteInstall, (i) => trace.install(i)) : installRemoteFile(req, this.remoteInstall, (i) => trace.install(i))),
      spawn: this.ctx.runtime.spawn,
      input: this.deps.input,
      recentMedia: this.deps.recentMedia,
      profiles: this.deps.profiles,
      mister: gatedMethod(this.deps.platforms.misterCommands, "mgl", this.deps.gate),
      armWrite: this.deps.armWrite,
      launcherControls: (id) => this.deps.platforms.launcherById(id)?.controls,
      playlists: {
        get: (slot) => this.playlists.get(slot),
        set: (p) => this.playlists.set(p),
        clear: (slot) => this.playlists.clear(slot),
        playFile: (path) => this.playlists.playFile(path, dryRun),
        read: (name, slot) => readPlaylistSource(name, this.rootFolders(), slot === "background" ? isAudioFile : (path) => this.launchable(path)),
        random: Math.random,
      },
      signal: this.abort.signal,
      timers: this.ctx.clock,
    };
  }

  /** True when a launcher of this device handles the file (a folder playlist keeps only those). */
  private launchable(path: string): boolean {
    try {
      return this.deps.platforms.pick(resolveTarget(path, { library: this.deps.library, rootFolders: () => this.rootFolders() })) !== undefined;
    } catch {
      return false;
    }
  }

  /** The launcher `[[systems.default]]` names for the target's system, when it exists. */
  private systemDefault(target: LaunchTarget): ReturnType<PlatformSet["pick"]> {
    const id = target.system?.id;
    const catalog = systemCatalog();
    const entry = id ? this.ctx.config.current.systems.default.find((d) => d.launcher && catalog.nameMeans(d.system, id)) : undefined;
    if (!entry?.launcher) return undefined;
    const launcher = this.deps.platforms.launcherById(entry.launcher);
    if (!launcher) logger.warn(`systems.default for ${entry.system} names launcher ${entry.launcher}, which does not exist; picking one as usual`);
    return launcher;
  }

  private async startMedia(token: ScannedToken, target: LaunchTarget, launcherId: string | undefined, trace: TraceBuilder, dryRun: boolean): Promise<void> {
    const { platforms, tracker } = this.deps;
    const preferred = launcherId ? undefined : this.systemDefault(target);
    const picked = launcherId ? { launcher: platforms.launcherById(launcherId), refused: [] } : preferred ? { launcher: preferred, refused: [] } : platforms.pickWithReasons(target);
    const launcher = picked.launcher;
    trace.launcher(target.path, launcher?.id, picked.refused);
    if (launcherId && !launcher) throw new CommandError(`unknown launcher: ${launcherId}`, false, "unknown_launcher");
    if (!launcher) {
      const what = target.scheme ? `${target.scheme}:// URLs` : `${target.path} (system ${target.system?.id ?? "unknown"}, extension ${target.extension || "none"})`;
      throw new CommandError(`no launcher for ${what}`, false, "no_launcher");
    }
    if (dryRun) return this.deps.gate?.(true); // asked quietly: a dry run announces nothing
    this.deps.gate?.();
    if (token.source !== "playlist") this.playlists.clear("primary"); // other media replaces the playlist
    await tracker.prepareForLaunch();
    let running;
    try {
      running = await launcher.launch(target);
    } catch (err) {
      throw new CommandError(`${launcher.id}: ${(err as Error).message}`, false, "launcher_failed");
    }
    trace.started(running.pid);
    const system = target.system ?? (launcher.systemId ? systemCatalog().byIdExact(launcher.systemId) : undefined);
    tracker.begin(
      { launcherId: launcher.id, systemId: system?.id ?? "", systemName: system?.name ?? "", mediaPath: target.path, mediaName: running.mediaName ?? target.name, zapScript: token.text },
      running,
    );
  }
}

function parses(script: string): boolean {
  try {
    return parseZapScript(script).commands.length > 0;
  } catch {
    return false;
  }
}
