import { chmodSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { connectionMode } from "./api/access.ts";
import { arktypeLoaded, buildSchemasWith } from "./core/lazy-arktype.ts";
import { createHttpApp } from "./api/http-app.ts";
import { BrowserGuard } from "./api/browser-guard.ts";
import {
  BODY_TIMEOUT_MS,
  defaultSessionCaps,
  HANDSHAKE_TIMEOUT_MS,
  localConnectionLimits,
  remoteConnectionLimits,
} from "./api/limits/connection-limits.ts";
import type { SessionCaps } from "./api/limits/session-slots.ts";
import { PerAddressLimiter } from "./api/limits/per-address-limiter.ts";
import { transportOptions } from "./api/limits/transport.ts";
import { buildMethodTable } from "./api/method-table.ts";
import { NotificationFrames } from "./api/notifications.ts";
import { listenOn } from "./api/listen-address.ts";
import { mountJsonRpc } from "./api/routes/json-rpc.ts";
import { mountLaunchRoutes } from "./api/routes/launch.ts";
import { mountPairingRoutes } from "./api/routes/pairing.ts";
import { mountCardsDownload } from "./api/routes/cards-download.ts";
import { WebApp } from "./api/routes/web-app.ts";
import { defaultLimits, Dispatcher } from "./api/rpc/dispatcher.ts";
import { SecureLayer } from "./api/secure/secure-layer.ts";
import { plaintextCodec } from "./api/session-codec.ts";
import { selfNamesSource } from "./api/self-names.ts";
import { WebSocketSessions } from "./api/ws-sessions.ts";
import { ConfigStore } from "./config/store.ts";
import { tokenFolders } from "./config/path-rules.ts";
import { type Clock, systemClock } from "./core/clock.ts";
import { userMigrations } from "./db/migrations/user.ts";
import { openDatabase } from "./db/open.ts";
import { SessionSaltsRepository } from "./db/session-salts.ts";
import { closeLogging, configureLogging, log, setConsoleLogging, setDebug } from "./log.ts";
import { resolvePlatform } from "./platforms/detect.ts";
import { type PlatformOptions, PlatformSet } from "./platforms/platform-set.ts";
import type { ReaderDriver } from "./readers/types.ts";
import type { PeerInfo, RunningServer, Runtime, SqlDatabase } from "./runtime/types.ts";
import { LinkService } from "./service/auth/link-service.ts";
import { DeviceLinkFlow } from "./service/auth/device-link-flow.ts";
import { UiEventsService } from "./service/ui-events/ui-events-service.ts";
import { backupLoaders } from "./service/ui-events/backup-loaders.ts";
import { BackupService } from "./service/backup/backup-service.ts";
import { type CardServices, cardServices } from "./service/cards/card-services.ts";
import { ClientsService } from "./service/clients/clients-service.ts";
import type { ServiceContext } from "./service/context.ts";
import { MdnsAdvertiser } from "./service/discovery/mdns-advertiser.ts";
import { ServiceEvents } from "./service/events.ts";
import { ScanFeedback } from "./service/feedback/scan-feedback.ts";
import { AplayPlayer, type SoundPlayer } from "./service/feedback/sound-player.ts";
import { InboxService } from "./service/inbox/inbox-service.ts";
import { configWorkedAround, playtimeLimitReached } from "./service/inbox/producers.ts";
import { InputService } from "./service/input/input-service.ts";
import { runStartHooks } from "./service/launch/start-hooks.ts";
import { ActiveMediaTracker } from "./service/launch/active-media.ts";
import { LaunchService } from "./service/launch/launch-service.ts";
import type { Lifecycle } from "./service/lifecycle.ts";
import { IdleMemoryRelease } from "./service/idle-memory.ts";
import { MediaHistory } from "./service/media/media-history.ts";
import { MediaService } from "./service/media/media-service.ts";
import { PairingService } from "./service/pairing/pairing-service.ts";
import { PlaytimeService } from "./service/playtime/playtime-service.ts";
import { ProfilesService } from "./service/profiles/profiles-service.ts";
import { PublishersService } from "./service/publishers/publishers-service.ts";
import { authLookup } from "./config/auth-file.ts";
import { ReadersService } from "./service/readers/readers-service.ts";
import { platformDrivers } from "./service/readers/platform-drivers.ts";
import { WritePlaying } from "./service/write-playing/write-playing.ts";
import { API_VERSION, SERVICE_VERSION } from "./version.ts";
import type { AppOptions } from "./app-options.ts";

export type { AppOptions };

/** The WebSocket endpoint paths: the spec's root, and where the reference's clients connect. */
export const SOCKET_PATHS = new Set(["/", "/api", "/api/v0", "/api/v0.1"]);

/** What the composition root builds, in the order it builds it. */
export interface Services {
  ctx: ServiceContext;
  clients: ClientsService;
  pairing: PairingService;
  media: MediaService;
  launch: LaunchService;
  readers: ReadersService;
  mediaHistory: MediaHistory;
  inbox: InboxService;
  profiles: ProfilesService;
  playtime: PlaytimeService;
  link: LinkService;
  deviceLink: DeviceLinkFlow;
  ui: UiEventsService;
  backup: BackupService;
  input: InputService;
  publishers: PublishersService;
  writePlaying: WritePlaying;
  cards: CardServices;
}

const logger = log.withTag("app");

/** Composition root: builds the services, hands them their adapters, starts and stops them in order. */
export class App {
  readonly config: ConfigStore;
  private userDb: SqlDatabase | null = null;
  private services: Services | null = null;
  private dispatcher: Dispatcher | null = null;
  private sessions: WebSocketSessions | null = null;
  private guard: BrowserGuard | null = null;
  private server: RunningServer | null = null;
  private advertiser: MdnsAdvertiser | null = null;
  private started: Lifecycle[] = [];
  private idleRelease: IdleMemoryRelease | null = null;
  /** Config problems found at start and worked around, for the inbox once it exists. */
  private configProblems: string[] = [];

  constructor(private readonly opts: AppOptions) {
    // schemas are built at first use, usually while serving: as run-once code (runtime runOnceCode)
    const { runOnceCode } = opts.runtime;
    if (runOnceCode) buildSchemasWith({ run: (work) => runOnceCode(work) });
    this.config = new ConfigStore(opts.configPath ?? join(opts.dataDir, "config.toml"), { tokenFolders: tokenFolders(opts.dataDir), codeStamp: opts.runtime.codeStamp?.() });
  }

  /** Runs a method in-process as the device itself would (tools such as the docs generator). */
  async callLocal(method: string, params?: unknown): Promise<{ result: unknown } | { error: { code: number; message: string } }> {
    if (!this.dispatcher) throw new Error("not started");
    return this.dispatcher.call(method, params, { peer: { remoteAddress: "127.0.0.1", secure: false }, local: true, transport: "http" });
  }

  /** Every name the dispatcher answers to, aliases included. */
  methodNames(): string[] {
    if (!this.dispatcher) throw new Error("not started");
    return this.dispatcher.names();
  }

  /** The running services, for in-process callers (tools, tests) that use their plain functions. */
  running(): Readonly<Services> {
    if (!this.services) throw new Error("not started");
    return this.services;
  }

  get port(): number {
    if (!this.server) throw new Error("not started");
    return this.server.port;
  }

  async start(): Promise<void> {
    const schemasBefore = arktypeLoaded();
    const ctx = this.openStorage();
    const services = this.buildServices(ctx);
    this.services = services;
    const webApp = new WebApp();
    const http = this.buildApi(services, webApp);
    await this.startServices(services);
    await this.listen(http);
    // Listen first: what probes devices or the network comes up after, in the background, and announces itself.
    services.readers.start(); // returns at once; readers.added announces each reader found
    this.started.push(services.readers);
    this.startIdleRelease(services, !schemasBefore && arktypeLoaded());
    this.advertise(ctx);
    const { on_boot: onBoot, on_ready: onReady } = this.config.current.service;
    runStartHooks({ dataDir: ctx.dataDir, onBoot, onReady, sink: services.launch.sink });
  }

  /** Memory handed back once quiet: after start-up, calls, events, index runs (`schemasLoaded`: start-up loaded them). */
  private startIdleRelease(s: Services, schemasLoaded: boolean): void {
    const release = () => {
      s.media.shrinkCaches();
      s.ctx.userDb.exec("PRAGMA shrink_memory");
      this.opts.runtime.releaseMemory?.();
    };
    const idle = new IdleMemoryRelease({ release, busy: () => s.media.busy, clock: s.ctx.clock, quietMs: this.opts.quietBeforeReleaseMs });
    this.idleRelease = idle;
    // an index run's end (its last status says it no longer runs) lets its memory go soon; anything else waits
    s.ctx.events.subscribe((name, params) => (name === "media.indexing" && !(params as { indexing: boolean }).indexing ? idle.workDone() : idle.activity()));
    idle.start();
    // loading the schema library (at start, else at the first call with params) is set-up work: its garbage goes soon
    if (schemasLoaded) idle.workDone();
    else buildSchemasWith({ loaded: () => idle.workDone() });
    this.started.push(idle);
  }

  /** Data folder, log, config, platform, user database: the context every service gets. */
  private openStorage(): ServiceContext {
    const { runtime, dataDir } = this.opts;
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    mkdirSync(this.config.tokenFolders[0]!, { recursive: true, mode: 0o700 }); // where file: readers may read
    const logFile = join(dataDir, "service.log");
    configureLogging({ debug: false, console: !this.opts.quiet, file: logFile });
    const { created, ignored, unsupported, mapped } = this.config.load();
    this.configProblems = ignored.map((k) => `unknown key "${k}" in ${this.config.path} is ignored (a typo?)`);
    for (const p of this.configProblems) logger.warn(p);
    for (const k of unsupported) logger.info(`config key "${k}" (from the reference's config.toml) is not supported here; kept in the file, no effect`);
    for (const m of mapped) logger.info(`config key ${m} (the reference's name, read as ours)`);
    const cfg = this.config.current;
    const applyLogging = (c: typeof cfg) => {
      setDebug(c.debug_logging);
      if (!this.opts.quiet) setConsoleLogging(c.console_logging);
    };
    applyLogging(cfg);
    this.config.onChange((next) => applyLogging(next));
    const resolved = resolvePlatform(cfg.service.platform, this.opts.platformRoot);
    if (resolved.problem) {
      logger.warn(resolved.problem);
      this.configProblems.push(resolved.problem);
    }
    const platform = resolved.platform;
    logger.info(`${created ? "created" : "loaded"} config ${this.config.path}; data in ${dataDir}; log ${logFile}`);
    this.userDb = openDatabase(runtime, join(dataDir, "user.db"), { durability: "full", journal: platform === "mister" || platform === "mistex" ? "delete" : "wal", migrations: userMigrations });
    chmodSync(join(dataDir, "user.db"), 0o600);
    return { runtime, config: this.config, events: new ServiceEvents(), userDb: this.userDb, dataDir, platform, platformRoot: this.opts.platformRoot, clock: this.opts.clock ?? systemClock };
  }

  /** The services, each handed what it uses; shared trackers first, so nothing is bound late. */
  private buildServices(ctx: ServiceContext): Services {
    const { config } = ctx;
    const clock = ctx.clock;
    const tracker = new ActiveMediaTracker(ctx.events, () => new Date(clock.now()));
    const platforms = new PlatformSet({ platform: ctx.platform, config: () => config.current, tracker, spawn: ctx.runtime.spawn, watchMounts: ctx.runtime.watchMounts?.bind(ctx.runtime) }, this.opts.platform);
    const feedback = new ScanFeedback(() => config.current.audio, this.opts.soundPlayer ?? new AplayPlayer(() => config.current.audio, ctx.runtime.spawn));
    const inbox = new InboxService(ctx.userDb, ctx.events, clock);
    configWorkedAround(inbox, this.configProblems);
    const media = new MediaService(ctx, inbox, { stallMs: this.opts.indexStallMs, virtualMedia: () => platforms.storeMedia((path) => ctx.runtime.openDatabase(path)), titleSource: (system) => platforms.titleSource(system), titleVersion: () => platforms.titleVersion() });
    platforms.onStorageChange(() => media.indexAfterCurrent());
    const input = new InputService({ runtime: ctx.runtime, clock, platform: ctx.platform, screenshot: platforms.screenshot });
    const profiles = new ProfilesService(ctx.userDb, ctx.events, () => clock.now());
    const ui = new UiEventsService({ events: ctx.events, clock });
    const playtime = new PlaytimeService({ db: ctx.userDb, events: ctx.events, config, clock, profiles, stopMedia: () => tracker.stop() });
    playtime.onLimitReached((limit) => void playtimeLimitReached(inbox, { limit, profile: profiles.current()?.name }));
    const launch = new LaunchService(ctx, {
      platforms,
      tracker,
      library: media.library,
      outcome: (t, ok) => feedback.launched(t, ok),
      guardCue: (what) => feedback.guard(what),
      ui,
      gate: (quiet) => playtime.gate(quiet),
      input,
      recentMedia: (n) => mediaHistory.list({ limit: n, distinct: true }).entries[n - 1],
      profiles: { switchTo: (switchId) => profiles.switchTo({ switchId }), clear: () => profiles.deactivate() },
      armWrite: (text, sourceUid) => writePlaying.arm(text, sourceUid),
    });
    const readers = new ReadersService({
      runtime: ctx.runtime,
      config,
      events: ctx.events,
      sink: launch.sink,
      activeMedia: tracker,
      stopMedia: () => launch.stopActive(),
      drivers: this.opts.drivers,
      platformDrivers: () => platformDrivers({ ...ctx, activeMedia: tracker, allowHttp: () => config.current.zapscript.allow_http, misterSdRoot: platforms.misterSdRoot(), tokenFolders: config.tokenFolders, tty2oled: this.opts.tty2oled }),
      platformRoot: ctx.platformRoot,
      clock,
      tagWaitMs: this.opts.writeTagWaitMs,
      hotplug: this.opts.readerHotplug,
      authFile: join(dirname(config.path), "auth.toml"), // credentials (MQTT), beside the config
      inbox,
      runHook: (name, script, scanned, cancel) => launch.runHook(name, script, scanned, cancel),
    });
    const writePlaying = new WritePlaying({ active: () => tracker.current(), writeNext: (text, opts) => readers.writeNext(text, opts), written: (ok) => feedback.wrote(ok) });
    const cards = cardServices({ db: ctx.userDb, events: ctx.events, now: () => clock.now(), media, readers, port: () => this.port });
    const clients = new ClientsService(ctx.userDb);
    const pairing = new PairingService(clients.repo, () => clock.now());
    const mediaHistory = new MediaHistory(ctx.userDb, ctx.events, () => clock.now(), () => tracker.current());
    const link = new LinkService({ config, authPath: join(dirname(config.path), "auth.toml"), platform: ctx.platform, onBackupLink: (linked) => backup.linkChanged(linked) });
    const afterRestore = () => {
      // what services keep in memory of the user database and the data folder is read again
      launch.mappings.forgetCache();
      launch.fileMappings.load();
      profiles.start();
      cards.queue.reload();
    };
    const deviceLink = new DeviceLinkFlow({ config, events: ctx.events, clock, platform: ctx.platform, claim: (url, token) => link.claim(url, token) });
    const backup = new BackupService({ ctx, migrations: userMigrations, link, coreVersion: SERVICE_VERSION, mediaActive: () => tracker.current() !== null, afterRestore });
    backupLoaders(ctx.events, ui);
    const initial = () => ({ media: tracker.current(), readers: readers.list().map((r) => ({ driver: r.driver, path: r.id })), index: media.status() });
    const credentials = authLookup(join(dirname(config.path), "auth.toml"));
    const publishers = new PublishersService({ ctx, credentials, sink: launch.sink, stopMedia: () => launch.stopActive(), initial });
    return { ctx, clients, pairing, media, launch, readers, mediaHistory, inbox, profiles, playtime, link, deviceLink, ui, backup, input, publishers, writePlaying, cards };
  }

  /** JSON-RPC methods, WebSocket sessions (plaintext or the secure layer) and the HTTP routes. */
  private buildApi(s: Services, webApp: WebApp) {
    const methods = buildMethodTable({ config: this.config, version: API_VERSION, platform: s.ctx.platform, ...s });
    const dispatcher = new Dispatcher(methods, defaultLimits, () => this.idleRelease?.activity());
    this.dispatcher = dispatcher;
    const frames = new NotificationFrames(s.ctx.events);
    const secure = new SecureLayer(s.clients, {
      maxEnvelopeChars: Math.ceil((defaultLimits.maxFrameChars * 4) / 3) + 1024,
      handshakeTimeoutMs: HANDSHAKE_TIMEOUT_MS,
      salts: new SessionSaltsRepository(s.ctx.userDb),
      now: () => s.ctx.clock.now(),
    });
    const sessions = new WebSocketSessions({
      dispatcher,
      frames,
      codecFor: (caller) => (connectionMode(caller.peer) === "secure" ? secure.codecFor(caller.peer) : plaintextCodec),
      limitsFor: (caller) => (caller.local ? localConnectionLimits : remoteConnectionLimits),
      clientRole: (id) => s.clients.repo.role(id),
      caps: { ...defaultSessionCaps, ...this.opts.sessionCaps },
      timers: s.ctx.clock,
      maxBufferedBytes: 4 * 1024 * 1024,
    });
    this.sessions = sessions;
    s.clients.onDeleted((id) => {
      secure.forget(id);
      const n = sessions.closeWhere((c) => c.clientId === id, 1008, "client deleted");
      log.withTag("secure").info(`client ${id} deleted; closed ${n} live session(s)`);
    });
    const pairingLimiter = new PerAddressLimiter(this.opts.pairingIntervalMs ?? 1000, () => s.ctx.clock.now());
    const guard = new BrowserGuard({
      self: selfNamesSource(() => this.port, () => this.advertiser?.advertisedHost),
      allowedOrigins: () => this.config.current.service.allowed_origins,
    });
    this.guard = guard;
    const body = { timeoutMs: this.opts.bodyTimeoutMs ?? BODY_TIMEOUT_MS, timers: s.ctx.clock };
    return createHttpApp([
      (app) => mountJsonRpc(app, { dispatcher, frames, config: () => this.config.current, guard, body: { ...body, maxBytes: defaultLimits.maxFrameChars } }),
      (app) => mountLaunchRoutes(app, { sink: s.launch.sink, config: () => this.config.current, guard }),
      (app) => mountPairingRoutes(app, { pairing: s.pairing, guard, body, limiter: pairingLimiter }),
      (app) => mountCardsDownload(app, { downloads: s.cards.labels.downloads, guard }),
      (app) => webApp.mount(app),
    ]);
  }

  /** What the first answers need: storage-backed state only (no device probe, walk, DNS or subprocess). */
  private async startServices(s: Services): Promise<void> {
    const pairing: Lifecycle = { name: "pairing", stop: () => s.pairing.cancel() };
    const profiles: Lifecycle = { name: "profiles", start: () => s.profiles.start() };
    const deviceLink: Lifecycle = { name: "device link", stop: () => s.deviceLink.stop() };
    for (const service of [s.ui, s.input, profiles, s.playtime, s.media, s.launch, pairing, s.backup, deviceLink, s.publishers, s.cards.queue] as Lifecycle[]) {
      await service.start?.();
      this.started.push(service);
    }
  }

  private async listen(http: ReturnType<typeof createHttpApp>): Promise<void> {
    const cfg = this.config.current;
    const port = this.opts.port ?? cfg.service.api_port;
    const tls = cfg.service.tls_cert && cfg.service.tls_key ? { certPath: cfg.service.tls_cert, keyPath: cfg.service.tls_key } : undefined;
    const sessions = this.sessions!;
    const guard = this.guard!;
    const handlers = {
      tls,
      ...transportOptions(this.opts.httpIdleTimeoutSeconds),
      isSocketPath: (p: string) => SOCKET_PATHS.has(p),
      acceptSocket: (request: Request, peer: PeerInfo) => guard.refusal(request, peer, "socket"),
      fetch: (request: Request, peer: PeerInfo) => http.fetch(request, { peer }),
      socket: sessions.handlers(),
    };
    this.server = await listenOn(this.opts.host || undefined, (hostname) => this.opts.runtime.serve({ hostname, port, ...handlers }));
    const { runtime } = this.opts;
    logger.info(`${this.services!.ctx.platform} ${SERVICE_VERSION} listening on port ${this.server.port}${tls ? " (TLS)" : ""} [${runtime.name} ${runtime.version}]`);
  }

  private advertise(ctx: ServiceContext): void {
    const cfg = this.config.current;
    const boundPort = this.port;
    this.advertiser = new MdnsAdvertiser({
      enabled: this.opts.mdns ?? cfg.service.mdns,
      interfaceAddress: cfg.service.mdns_interface,
      name: cfg.service.name,
      deviceId: cfg.service.device_id,
      version: API_VERSION,
      platform: ctx.platform,
      port: () => boundPort,
    });
    this.advertiser.start();
  }

  /** Ordered, fault-isolated shutdown: stop accepting, finish in-flight calls, stop services, close storage. */
  async stop(): Promise<void> {
    const step = async (what: string, fn: () => unknown) => {
      try {
        await fn();
      } catch (err) {
        logger.error(`shutdown: ${what} failed:`, err);
      }
    };
    await step("withdraw mDNS advertisement", () => this.advertiser?.stop());
    // Stop accepting now; the runtime's graceful stop resolves only once every connection is gone, so it is
    // not awaited before the open WebSockets are closed below (a phone left connected must not hang a stop).
    const accepting = this.server?.stop(false).catch((err) => logger.error("shutdown: stop accepting failed:", err));
    await step("finish in-flight requests", () =>
      this.dispatcher ? Promise.race([this.dispatcher.idle(), new Promise((r) => setTimeout(r, 5000))]) : undefined,
    );
    await step("close sockets", () => this.sessions?.closeAll());
    await step("close server", () => this.server?.stop(true));
    await step("stop accepting", () => accepting);
    for (const s of this.started.reverse()) await step(`stop ${s.name}`, () => s.stop?.());
    this.started = [];
    await step("stop media history", () => this.services?.mediaHistory.close());
    await step("close user database", () => this.userDb?.close());
    this.server = null;
    logger.info("stopped");
    closeLogging();
  }
}
