/**
 * The readers capability: reader manager + drivers, token bookkeeping, insert mode, and the `tokens`,
 * `readers`, `readers.write` methods. Scans go to the launch pipeline through the injected TokenSink.
 */
import { dirname, join } from "node:path";
import { readersMethods, type ReadersApi } from "../../api/methods/readers.ts";
import type { NotificationBus } from "../../api/notifications.ts";
import { ErrorCode, notFound, RpcError, unsupported } from "../../api/rpc/errors.ts";
import type { AppModule } from "../../app-module.ts";
import type { ConfigStore } from "../../config/store.ts";
import type { ActiveMediaSource } from "../../core/media-types.ts";
import { rfc3339, type ScannedToken, type TokenSink } from "../../core/token.ts";
import { log } from "../../log.ts";
import { defaultDrivers } from "../../readers/registry.ts";
import { type Reader, type ReaderDriver, ReaderWriteError, type TokenRead } from "../../readers/types.ts";
import type { Runtime } from "../../runtime/types.ts";
import { InsertMode, realTimers, type Timers } from "./insert-mode.ts";
import { ReaderManager } from "./manager.ts";
import { TokenState, tokenView } from "./token-state.ts";

/** How long start-up waits for the first reader pass before the service starts listening. */
const FIRST_PASS_WAIT_MS = 300;
const logger = log.withTag("readers");

export interface ReadersDeps {
  runtime: Runtime;
  config: ConfigStore;
  bus: NotificationBus;
  /** Where scans go: the launch pipeline. */
  sink: TokenSink;
  /** What is running now (insert mode decides whether to stop it). */
  activeMedia: ActiveMediaSource;
  /** Stops the active media (insert mode, on removal). */
  stopMedia: () => unknown;
  /** The launch pipeline's last token (API launches included); `tokens.last` reports the newer of it and ours. */
  lastToken?: () => ScannedToken | undefined;
  /** Drivers to use; the build's registry when absent. */
  drivers?: () => ReaderDriver[];
  /** Root filesystem whose sys/ and dev/ serial detection reads (`/`; tests use a fake root), as CoreContext's. */
  platformRoot?: string;
  timers?: Timers;
  passIntervalMs?: number;
}

export class ReadersModule implements AppModule {
  readonly name = "readers";
  private manager: ReaderManager | null = null;
  private readonly tokens = new TokenState();
  private readonly insertMode: InsertMode;
  private unsubscribe: (() => void) | null = null;

  constructor(private readonly deps: ReadersDeps) {
    this.insertMode = new InsertMode(() => deps.config.current.readers.scan, deps.activeMedia, deps.stopMedia, deps.timers ?? realTimers);
  }

  methods() {
    return readersMethods(this.api);
  }

  async start(): Promise<void> {
    const authFile = join(dirname(this.deps.config.path), "auth.toml"); // credentials (MQTT), beside the config
    const drivers = this.deps.drivers?.() ?? defaultDrivers(this.deps.runtime, this.deps.platformRoot, authFile);
    this.manager = new ReaderManager(drivers, () => this.deps.config.current.readers, {
      added: (r) => this.deps.bus.publish("readers.added", { connected: true, driver: r.driver, path: r.path }),
      removed: (r) => this.readerGone(r),
      token: (r, read) => this.scanned(r, read),
      tokenRemoved: (r) => this.tokenLeft(r),
    }, this.deps.passIntervalMs);
    this.unsubscribe = this.deps.config.onChange((next, prev) => {
      if (next.readers !== prev.readers) void this.manager?.kick();
    });
    // Readers that answer quickly are listed before the service listens; a slow probe (ruling out a serial port
    // that holds no PN532 takes about a second) finishes in the background and announces itself with readers.added.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const first = this.manager.start().catch((err) => logger.error("readers could not start:", err));
    await Promise.race([first, new Promise<void>((resolve) => (timer = setTimeout(resolve, FIRST_PASS_WAIT_MS)))]);
    clearTimeout(timer);
  }

  async stop(): Promise<void> {
    this.unsubscribe?.();
    this.insertMode.stop();
    await this.manager?.stop();
    this.manager = null;
  }

  private scanned(reader: Reader, read: TokenRead): void {
    const token: ScannedToken = { ...read, scanTime: rfc3339(), readerId: reader.readerId, source: "reader" };
    if (!this.tokens.add(reader.readerId, token)) return;
    logger.info(`token on ${reader.readerId}: type ${token.type}, uid ${token.uid || "-"}, ${token.text.length} chars of text`);
    this.deps.bus.publish("tokens.added", tokenView(token));
    if (this.insertMode.inserted(token)) this.deps.sink.submit(token);
  }

  private tokenLeft(reader: Reader): void {
    const token = this.tokens.remove(reader.readerId);
    if (!token) return;
    this.deps.bus.publish("tokens.removed");
    // Only readers that report removal (capability `removable`) end hold-mode media, as in the reference.
    if (reader.capabilities.includes("removable")) this.insertMode.removed(token);
  }

  /** A reader that fails takes its token with it, but media keeps running (it was not a removal). */
  private readerGone(reader: Reader): void {
    if (this.tokens.remove(reader.readerId)) this.deps.bus.publish("tokens.removed");
    this.deps.bus.publish("readers.removed", { connected: false, driver: reader.driver, path: reader.path });
  }

  private readonly api: ReadersApi = {
    tokens: () => {
      const ours = this.tokens.last();
      const theirs = this.deps.lastToken?.();
      const last = theirs && (!ours || theirs.scanTime > ours.scanTime) ? theirs : ours;
      const active = this.tokens.list().map(tokenView);
      return last ? { active, last: tokenView(last) } : { active };
    },
    readers: () => ({
      readers: (this.manager?.readers() ?? []).map((r) => ({
        id: r.path,
        readerId: r.readerId,
        driver: r.driver,
        info: r.info,
        connected: r.connected(),
        capabilities: [...r.capabilities],
      })),
    }),
    write: async (text, readerId) => {
      const reader = this.writeTarget(readerId);
      try {
        await reader.write!(text);
      } catch (err) {
        if (!(err instanceof ReaderWriteError)) throw err;
        const code = { "no-reader": ErrorCode.Unavailable, "no-tag": ErrorCode.Unavailable, "too-large": ErrorCode.Failed, unsupported: ErrorCode.Unsupported, failed: ErrorCode.Failed }[err.kind];
        throw new RpcError(code, err.message, { reason: err.kind });
      }
    },
  };

  private writeTarget(readerId: string | undefined): Reader {
    const readers = (this.manager?.readers() ?? []).filter((r) => r.connected());
    const canWrite = (r: Reader) => r.write !== undefined && r.capabilities.includes("write");
    if (readerId !== undefined) {
      const r = readers.find((x) => x.readerId === readerId);
      if (!r) throw notFound(`reader ${readerId}`);
      if (!canWrite(r)) throw unsupported(`reader ${readerId} cannot write tags`);
      if (!r.hasToken()) throw new RpcError(ErrorCode.Unavailable, `no tag on reader ${readerId}`, { reason: "no-tag" });
      return r;
    }
    const writable = readers.filter(canWrite);
    if (writable.length === 0) throw new RpcError(ErrorCode.Unavailable, "no write-capable reader is connected", { reason: "no-reader" });
    const withTag = writable.find((r) => r.hasToken());
    if (!withTag) throw new RpcError(ErrorCode.Unavailable, "no tag on any write-capable reader; place a tag on the reader", { reason: "no-tag" });
    return withTag;
  }
}
