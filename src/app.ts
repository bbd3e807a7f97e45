import { chmodSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { createHttpApp } from "./api/http.ts";
import { MdnsAdvertiser } from "./service/discovery/mdns-advertiser.ts";
import { discoverMethods } from "./api/methods/discover.ts";
import { healthMethods } from "./api/methods/health.ts";
import { versionMethods } from "./api/methods/version.ts";
import { settingsMethods } from "./api/methods/settings.ts";
import { NotificationBus } from "./api/notifications.ts";
import { defaultLimits, Dispatcher } from "./api/rpc/dispatcher.ts";
import { connectionMode } from "./api/access.ts";
import { HANDSHAKE_TIMEOUT_MS, localConnectionLimits, MAX_SESSIONS, remoteConnectionLimits } from "./api/limits/connection-limits.ts";
import { SecureModule } from "./api/secure/secure-module.ts";
import { PairingModule } from "./service/pairing/module.ts";
import { WebAppModule } from "./api/web-app-routes.ts";
import { plaintextCodec } from "./api/session-codec.ts";
import { WebSocketSessions } from "./api/ws-sessions.ts";
import type { AppModule, CoreContext } from "./app-module.ts";
import { LaunchModule } from "./service/launch/module.ts";
import { MediaModule } from "./service/media/module.ts";
import { ReadersModule } from "./service/readers/module.ts";
import { ConfigStore } from "./config/store.ts";
import { userMigrations } from "./db/migrations/user.ts";
import { openDatabase } from "./db/open.ts";
import { closeLogging, configureLogging, log, setConsoleLogging, setDebug } from "./log.ts";
import { type PlatformId, resolvePlatform } from "./platform/detect.ts";
import type { RunningServer, Runtime, SqlDatabase } from "./runtime/types.ts";
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
}

const logger = log.withTag("app");

/** Composition root: builds the services, hands them their adapters, starts and stops them in order. */
export class App {
  private server: RunningServer | null = null;
  private sessions: WebSocketSessions | null = null;
  private secure: SecureModule | null = null;
  private dispatcher: Dispatcher | null = null;
  private userDb: SqlDatabase | null = null;
  private modules: AppModule[] = [];
  private started: AppModule[] = [];
  private advertiser: MdnsAdvertiser | null = null;
  readonly config: ConfigStore;

  constructor(private readonly opts: AppOptions) {
    this.config = new ConfigStore(opts.configPath ?? join(opts.dataDir, "config.toml"));
  }

  /** Runs a method in-process as the device itself would (tools such as the docs generator). */
  async callLocal(method: string, params?: unknown): Promise<{ result: unknown } | { error: { code: number; message: string } }> {
    if (!this.dispatcher) throw new Error("not started");
    return this.dispatcher.call(method, params, {
      peer: { remoteAddress: "127.0.0.1", secure: false },
      local: true,
      transport: "http",
    });
  }

  /** Every name the dispatcher answers to, aliases included. */
  methodNames(): string[] {
    if (!this.dispatcher) throw new Error("not started");
    return this.dispatcher.names();
  }

  get port(): number {
    if (!this.server) throw new Error("not started");
    return this.server.port;
  }

  async start(): Promise<void> {
    const { runtime, dataDir } = this.opts;
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const logFile = join(dataDir, "service.log");
    configureLogging({ debug: false, console: !this.opts.quiet, file: logFile });
    const { created } = this.config.load();
    const cfg = this.config.current;
    setDebug(cfg.debug_logging);
    if (!this.opts.quiet) setConsoleLogging(cfg.console_logging);
    this.config.onChange((next) => {
      setDebug(next.debug_logging);
      if (!this.opts.quiet) setConsoleLogging(next.console_logging);
    });
    const resolved = resolvePlatform(cfg.service.platform, this.opts.platformRoot);
    if (resolved.problem) logger.warn(resolved.problem);
    const platform: PlatformId = resolved.platform;
    logger.info(`${created ? "created" : "loaded"} config ${this.config.path}; data in ${dataDir}; log ${logFile}`);

    const userDbPath = join(dataDir, "user.db");
    this.userDb = openDatabase(runtime, userDbPath, { durability: "full", journal: platform === "mister" ? "delete" : "wal", migrations: userMigrations });

    const bus = new NotificationBus();
    const core: CoreContext = { runtime, config: this.config, bus, userDb: this.userDb, dataDir, platform, platformRoot: this.opts.platformRoot, version: SERVICE_VERSION };
    this.modules = this.buildModules(core);

    const methods = [
      ...versionMethods({ version: API_VERSION, platform: () => platform }),
      ...healthMethods(),
      ...settingsMethods({ config: this.config }),
      ...this.modules.flatMap((m) => m.methods?.() ?? []),
    ];
    methods.push(...discoverMethods({ methods: () => methods, version: API_VERSION, platform: () => platform }));
    this.dispatcher = new Dispatcher(methods, defaultLimits);
    const dispatcher = this.dispatcher;
    this.sessions = new WebSocketSessions({
      dispatcher,
      bus,
      codecFor: (caller) => (connectionMode(caller.peer) === "secure" && this.secure ? this.secure.codecFor(caller.peer) : plaintextCodec),
      limitsFor: (caller) => (caller.local ? localConnectionLimits : remoteConnectionLimits),
      maxSessions: MAX_SESSIONS,
      maxBufferedBytes: 4 * 1024 * 1024,
    });
    const http = createHttpApp({
      dispatcher,
      bus,
      config: () => this.config.current,
      maxBodyBytes: defaultLimits.maxFrameChars,
      extend: (app) => {
        for (const m of this.modules) m.routes?.(app);
      },
    });

    for (const m of this.modules) {
      await m.start?.();
      this.started.push(m);
    }

    const port = this.opts.port ?? cfg.service.api_port;
    const tls = cfg.service.tls_cert && cfg.service.tls_key ? { certPath: cfg.service.tls_cert, keyPath: cfg.service.tls_key } : undefined;
    const serveOn = (hostname: string) =>
      runtime.serve({
        hostname,
        port,
        tls,
        maxFrameBytes: 16 * 1024 * 1024,
        backpressureLimitBytes: 4 * 1024 * 1024,
        idleTimeoutSeconds: 120,
        isSocketPath: (p) => SOCKET_PATHS.has(p),
        fetch: (request, peer) => http.fetch(request, { peer }),
        socket: this.sessions!.handlers(),
      });
    if (this.opts.host) {
      this.server = await serveOn(this.opts.host);
    } else {
      try {
        this.server = await serveOn("::"); // dual stack: IPv6 and IPv4 on every interface
      } catch {
        this.server = await serveOn("0.0.0.0");
      }
    }
    logger.info(`${platform} ${SERVICE_VERSION} listening on port ${this.server.port}${tls ? " (TLS)" : ""} [${runtime.name} ${runtime.version}]`);
    const boundPort = this.server.port;
    this.advertiser = new MdnsAdvertiser({
      enabled: this.opts.mdns ?? cfg.service.mdns,
      interfaceAddress: cfg.service.mdns_interface,
      name: cfg.service.name,
      deviceId: cfg.service.device_id,
      version: API_VERSION,
      platform,
      port: () => boundPort,
    });
    this.advertiser.start();
    chmodSync(userDbPath, 0o600);
  }

  /**
   * Capabilities beyond the foundation, in start order. Each is constructed here and receives only what it
   * needs from `core` and from the modules built before it (e.g. readers get the launch pipeline as their
   * TokenSink). Add one block per capability; keep the wiring here and the logic in the module.
   */
  private buildModules(core: CoreContext): AppModule[] {
    const modules: AppModule[] = [];
    void core;
    // [media] media index and search; `active` of `media` reads the launcher state (wired just below)
    let launchRef: LaunchModule | undefined;
    const media = new MediaModule(core, { activeMedia: () => launchRef?.activeMedia });
    modules.push(media);
    // [launch] launch pipeline: token queue, mappings, history, launchers, GET /l/
    const launch = new LaunchModule(core, { library: media.library });
    launchRef = launch;
    modules.push(launch);
    // [readers] reader manager and drivers (TokenSink = launch pipeline)
    modules.push(
      new ReadersModule({
        runtime: core.runtime,
        config: core.config,
        bus: core.bus,
        sink: launch.sink,
        activeMedia: launch.activeMedia,
        stopMedia: () => launch.stopActive(),
        lastToken: () => launch.lastToken(),
        platformRoot: this.opts.platformRoot,
      }),
    );
    // [secure] clients and the secure layer (see codecFor in start())
    this.secure = new SecureModule(core, {
      closeSessions: (predicate, code, reason) => this.sessions?.closeWhere(predicate, code, reason) ?? 0,
      maxEnvelopeChars: Math.ceil((defaultLimits.maxFrameChars * 4) / 3) + 1024,
      handshakeTimeoutMs: HANDSHAKE_TIMEOUT_MS,
    });
    modules.push(this.secure);
    // [pairing] PIN pairing for the phone app and the web app (clients created here are used by [secure])
    modules.push(new PairingModule(core));
    // [web] the device's own web app at /app/ (GET / without an upgrade redirects there)
    modules.push(new WebAppModule());
    return modules;
  }

  /** Ordered, fault-isolated shutdown: stop accepting, finish in-flight calls, stop modules, close storage. */
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
    for (const m of this.started.reverse()) await step(`stop ${m.name}`, () => m.stop?.());
    this.started = [];
    await step("close user database", () => this.userDb?.close());
    this.server = null;
    logger.info("stopped");
    closeLogging();
  }
}
