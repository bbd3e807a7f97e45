import { chmodSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { connectionMode } from "./api/access.ts";
import { createHttpApp } from "./api/http-app.ts";
import { HANDSHAKE_TIMEOUT_MS, localConnectionLimits, MAX_SESSIONS, remoteConnectionLimits } from "./api/limits/connection-limits.ts";
import { PerAddressLimiter } from "./api/limits/per-address-limiter.ts";
import { buildMethodTable } from "./api/method-table.ts";
import { NotificationFrames } from "./api/notifications.ts";
import { mountJsonRpc } from "./api/routes/json-rpc.ts";
import { mountLaunchRoutes } from "./api/routes/launch.ts";
import { mountPairingRoutes } from "./api/routes/pairing.ts";
import { WebApp } from "./api/routes/web-app.ts";
import { defaultLimits, Dispatcher } from "./api/rpc/dispatcher.ts";
import { SecureLayer } from "./api/secure/secure-layer.ts";
import { plaintextCodec } from "./api/session-codec.ts";
import { WebSocketSessions } from "./api/ws-sessions.ts";
import { ConfigStore } from "./config/store.ts";
import { type Clock, systemClock } from "./core/clock.ts";
import { userMigrations } from "./db/migrations/user.ts";
import { openDatabase } from "./db/open.ts";
import { closeLogging, configureLogging, log, setConsoleLogging, setDebug } from "./log.ts";
import { resolvePlatform } from "./platforms/detect.ts";
import { type PlatformOptions, PlatformSet } from "./platforms/platform-set.ts";
import type { ReaderDriver } from "./readers/types.ts";
import type { RunningServer, Runtime, SqlDatabase } from "./runtime/types.ts";
import { ClientsService } from "./service/clients/clients-service.ts";
import type { ServiceContext } from "./service/context.ts";
import { MdnsAdvertiser } from "./service/discovery/mdns-advertiser.ts";
import { ServiceEvents } from "./service/events.ts";
import { ScanFeedback } from "./service/feedback/scan-feedback.ts";
import { AplayPlayer, type SoundPlayer } from "./service/feedback/sound-player.ts";
import { InputService } from "./service/input/input-service.ts";
import { ActiveMediaTracker } from "./service/launch/active-media.ts";
import { LaunchService } from "./service/launch/launch-service.ts";
import type { Lifecycle } from "./service/lifecycle.ts";
import { MediaService } from "./service/media/media-service.ts";
import { PairingService } from "./service/pairing/pairing-service.ts";
import { ReadersService } from "./service/readers/readers-service.ts";
import { API_VERSION, SERVICE_VERSION } from "./version.ts";

/** The WebSocket endpoint paths: the spec's root, and where the reference's clients connect. */
export const SOCKET_PATHS = new Set(["/", "/api", "/api/v0", "/api/v0.1"]);

export interface AppOptions {
  runtime: Runtime;
  dataDir: string;
  configPath?: string;
  /** Overrides the config file's port (CLI flag or env). 0 picks a free port. */
  port?: number;
  host?: string;
  /** Filesystem root for platform detection (tests use a fake root). */
  platformRoot?: string;
  /** Extra console output off (tests). */
  quiet?: boolean;
  /** Overrides config `service.mdns` (env TAPSERVE_MDNS=off; tests and benchmarks keep the LAN quiet). */
  mdns?: boolean;
  /** Time for everything that waits on it (tests: a manual clock). */
  clock?: Clock;
  /** Seams and grace periods of the platform's launchers and watchers (tests). */
  platform?: PlatformOptions;
  /** Reader drivers instead of the build's own (tests with fake hardware). */
  drivers?: () => ReaderDriver[];
  /** Plays the scan feedback sounds; `aplay` (config `audio.player`, `audio.device`) when absent. */
  soundPlayer?: SoundPlayer;
  /** Shortest time between two pairing requests from one address (default 1 s; tests: 0). */
  pairingIntervalMs?: number;
}

/** What the composition root builds, in the order it builds it. */
export interface Services {
  ctx: ServiceContext;
  clients: ClientsService;
  pairing: PairingService;
  media: MediaService;
  launch: LaunchService;
  readers: ReadersService;
  input: InputService;
}

const logger = log.withTag("app");

/** Composition root: builds the services, hands them their adapters, starts and stops them in order. */
export class App {
  readonly config: ConfigStore;
  private userDb: SqlDatabase | null = null;
  private services: Services | null = null;
  private dispatcher: Dispatcher | null = null;
  private sessions: WebSocketSessions | null = null;
  private server: RunningServer | null = null;
  private advertiser: MdnsAdvertiser | null = null;
  private started: Lifecycle[] = [];

  constructor(private readonly opts: AppOptions) {
    this.config = new ConfigStore(opts.configPath ?? join(opts.dataDir, "config.toml"));
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
    const ctx = this.openStorage();
    const services = this.buildServices(ctx);
    this.services = services;
    const webApp = new WebApp();
    const http = this.buildApi(services, webApp);
    await this.startServices(services, webApp);
    await this.listen(http);
    this.advertise(ctx);
  }

  /** Data folder, log, config, platform, user database: the context every service gets. */
  private openStorage(): ServiceContext {
    const { runtime, dataDir } = this.opts;
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const logFile = join(dataDir, "service.log");
    configureLogging({ debug: false, console: !this.opts.quiet, file: logFile });
    const { created } = this.config.load();
    const cfg = this.config.current;
    const applyLogging = (c: typeof cfg) => {
      setDebug(c.debug_logging);
      if (!this.opts.quiet) setConsoleLogging(c.console_logging);
    };
    applyLogging(cfg);
    this.config.onChange((next) => applyLogging(next));
    const resolved = resolvePlatform(cfg.service.platform, this.opts.platformRoot);
    if (resolved.problem) logger.warn(resolved.problem);
    const platform = resolved.platform;
    logger.info(`${created ? "created" : "loaded"} config ${this.config.path}; data in ${dataDir}; log ${logFile}`);
    this.userDb = openDatabase(runtime, join(dataDir, "user.db"), { durability: "full", journal: platform === "mister" ? "delete" : "wal", migrations: userMigrations });
    chmodSync(join(dataDir, "user.db"), 0o600);
    return { runtime, config: this.config, events: new ServiceEvents(), userDb: this.userDb, dataDir, platform, platformRoot: this.opts.platformRoot, clock: this.opts.clock ?? systemClock };
  }

  /** The services, each handed what it uses; shared trackers first, so nothing is bound late. */
  private buildServices(ctx: ServiceContext): Services {
    const { config } = ctx;
    const clock = ctx.clock;
    const tracker = new ActiveMediaTracker(ctx.events, () => new Date(clock.now()));
    const platforms = new PlatformSet({ platform: ctx.platform, config: () => config.current, tracker, spawn: ctx.runtime.spawn }, this.opts.platform);
    const feedback = new ScanFeedback(() => config.current.audio, this.opts.soundPlayer ?? new AplayPlayer(() => config.current.audio, ctx.runtime.spawn));
    const media = new MediaService(ctx);
    const input = new InputService({ runtime: ctx.runtime, clock, platform: ctx.platform, screenshot: platforms.screenshot });
    const launch = new LaunchService(ctx, { platforms, tracker, library: media.library, input, outcome: (t, ok) => feedback.launched(t, ok) });
    const readers = new ReadersService({
      runtime: ctx.runtime,
      config,
      events: ctx.events,
      sink: launch.sink,
      activeMedia: tracker,
      stopMedia: () => launch.stopActive(),
      drivers: this.opts.drivers,
      platformRoot: ctx.platformRoot,
      timers: clock,
      authFile: join(dirname(config.path), "auth.toml"), // credentials (MQTT), beside the config
    });
    const clients = new ClientsService(ctx.userDb);
    const pairing = new PairingService(clients.repo, () => clock.now());
    return { ctx, clients, pairing, media, launch, readers, input };
  }

  /** JSON-RPC methods, WebSocket sessions (plaintext or the secure layer) and the HTTP routes. */
  private buildApi(s: Services, webApp: WebApp) {
    const methods = buildMethodTable({ config: this.config, version: API_VERSION, platform: s.ctx.platform, ...s });
    const dispatcher = new Dispatcher(methods, defaultLimits);
    this.dispatcher = dispatcher;
    const frames = new NotificationFrames(s.ctx.events);
    const secure = new SecureLayer(s.clients, { maxEnvelopeChars: Math.ceil((defaultLimits.maxFrameChars * 4) / 3) + 1024, handshakeTimeoutMs: HANDSHAKE_TIMEOUT_MS });
    const sessions = new WebSocketSessions({
      dispatcher,
      frames,
      codecFor: (caller) => (connectionMode(caller.peer) === "secure" ? secure.codecFor(caller.peer) : plaintextCodec),
      limitsFor: (caller) => (caller.local ? localConnectionLimits : remoteConnectionLimits),
      maxSessions: MAX_SESSIONS,
      maxBufferedBytes: 4 * 1024 * 1024,
    });
    this.sessions = sessions;
    s.clients.onDeleted((id) => {
      secure.forget(id);
      const n = sessions.closeWhere((c) => c.clientId === id, 1008, "client deleted");
      log.withTag("secure").info(`client ${id} deleted; closed ${n} live session(s)`);
    });
    const pairingLimiter = new PerAddressLimiter(this.opts.pairingIntervalMs ?? 1000, () => s.ctx.clock.now());
    return createHttpApp([
      (app) => mountJsonRpc(app, { dispatcher, frames, config: () => this.config.current, maxBodyBytes: defaultLimits.maxFrameChars }),
      (app) => mountLaunchRoutes(app, { sink: s.launch.sink, config: () => this.config.current }),
      (app) => mountPairingRoutes(app, s.pairing, pairingLimiter),
      (app) => webApp.mount(app),
    ]);
  }

  private async startServices(s: Services, webApp: WebApp): Promise<void> {
    const pairing: Lifecycle = { name: "pairing", stop: () => s.pairing.cancel() };
    for (const service of [s.input, s.media, s.launch, s.readers, pairing] as Lifecycle[]) {
      await service.start?.();
      this.started.push(service);
    }
    await webApp.load();
  }

  private async listen(http: ReturnType<typeof createHttpApp>): Promise<void> {
    const cfg = this.config.current;
    const port = this.opts.port ?? cfg.service.api_port;
    const tls = cfg.service.tls_cert && cfg.service.tls_key ? { certPath: cfg.service.tls_cert, keyPath: cfg.service.tls_key } : undefined;
    const sessions = this.sessions!;
    const serveOn = (hostname: string) =>
      this.opts.runtime.serve({
        hostname,
        port,
        tls,
        maxFrameBytes: 16 * 1024 * 1024,
        backpressureLimitBytes: 4 * 1024 * 1024,
        idleTimeoutSeconds: 120,
        isSocketPath: (p) => SOCKET_PATHS.has(p),
        fetch: (request, peer) => http.fetch(request, { peer }),
        socket: sessions.handlers(),
      });
    if (this.opts.host) this.server = await serveOn(this.opts.host);
    else {
      try {
        this.server = await serveOn("::"); // dual stack: IPv6 and IPv4 on every interface
      } catch {
        this.server = await serveOn("0.0.0.0");
      }
    }
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
    await step("close user database", () => this.userDb?.close());
    this.server = null;
    logger.info("stopped");
    closeLogging();
  }
}
