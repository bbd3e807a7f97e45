/**
 * The readers capability: reader manager + drivers, token bookkeeping, insert mode. Scans go to the launch
 * pipeline through the injected TokenSink (unless `readers.run_zapscript` is off: then they are only announced).
 */
import type { ConfigStore } from "../../config/store.ts";
import { type Clock, systemClock } from "../../core/clock.ts";
import { DomainError } from "../../core/errors.ts";
import type { ActiveMediaSource } from "../../core/media-types.ts";
import { rfc3339, type ScannedToken, type TokenSink, tokenView } from "../../core/token.ts";
import { log } from "../../log.ts";
import { type HotplugWatch, watchSerialHotplug } from "../../readers/hotplug.ts";
import { defaultDrivers } from "../../readers/registry.ts";
import { hardwareRoots } from "../../readers/serial/sysfs.ts";
import type { ReaderInfo } from "../../core/wire/readers.ts";
import { type Reader, type ReaderDriver, ReaderWriteError, type TokenRead } from "../../readers/types.ts";
import type { Runtime } from "../../runtime/types.ts";
import type { ServiceEvents } from "../events.ts";
import type { InboxSink } from "../inbox/inbox-service.ts";
import { readerFailing } from "../inbox/producers.ts";
import type { Lifecycle } from "../lifecycle.ts";
import { InsertMode } from "./insert-mode.ts";
import { ReaderManager } from "./manager.ts";
import { PendingWrites } from "./pending-writes.ts";
import { RemovalHook } from "./removal-hook.ts";
import { TokenState } from "./token-state.ts";

const logger = log.withTag("readers");

export interface ReadersDeps {
  runtime: Runtime;
  config: ConfigStore;
  events: ServiceEvents;
  /** Where scans go: the launch pipeline. */
  sink: TokenSink;
  /** What is running now (insert mode decides whether to stop it). */
  activeMedia: ActiveMediaSource;
  /** Stops the active media (insert mode, on removal). */
  stopMedia: () => unknown;
  /** Drivers to use; the build's registry when absent. */
  drivers?: () => ReaderDriver[];
  /**
   * The platform's own drivers around the registry's (when `drivers` is absent): `first` detect before the others
   * (a display whose port serial detection must then leave alone), `last` after them (MiSTer's `operator`).
   */
  platformDrivers?: () => { first?: ReaderDriver[]; last?: ReaderDriver[] };
  /** Credentials file (MQTT readers). */
  authFile: string;
  /** Root filesystem whose sys/ and dev/ serial detection reads (`/`; tests use a fake root), as CoreContext's. */
  platformRoot?: string;
  /** Time for insert mode, the pass interval and the drivers' timers (tests: a manual clock). */
  clock?: Clock;
  passIntervalMs?: number;
  /** How long a write waits for a tag to be presented (default 30 s; 0: fail at once when there is none). */
  tagWaitMs?: number;
  /** Where a reader that keeps failing is reported. */
  inbox?: InboxSink;
  /** Serial hot-plug (uevents, else a look at the tty list every `pollMs`); `false`: only the 1 s passes. */
  hotplug?: { pollMs?: number } | false;
  /**
   * Runs a hook script now (`readers.scan.on_scan` with the token scanned, `on_remove`); false when it failed.
   * `cancel` ends it at its next wait.
   */
  runHook?(name: string, script: string, scanned?: ScannedToken, cancel?: AbortSignal): Promise<boolean>;
}

/**
 * What takes tags put on write-capable readers before they launch (the card write queue while it runs); a
 * write waiting for a tag (`readers.write`, write what is playing) still comes first.
 */
export interface TagClaimer {
  /** A tag arrived on write-capable `readerId`: true when it is claimed (not launched; its removal ends nothing). */
  presented(readerId: string, token: ScannedToken): boolean;
  /** A claimed tag left `readerId`. */
  removed(readerId: string): void;
}

export class ReadersService implements Lifecycle {
  readonly name = "readers";
  private manager: ReaderManager | null = null;
  private readonly tokens = new TokenState();
  private readonly insertMode: InsertMode;
  private readonly clock: Clock;
  private unsubscribe: (() => void) | null = null;
  private hotplug: HotplugWatch | null = null;
  private readonly writes: PendingWrites;
  private readonly removalHook: RemovalHook | null;
  private claimer: TagClaimer | null = null;
  /** Readers whose tag the claimer took. */
  private readonly claimed = new Set<string>();

  constructor(private readonly deps: ReadersDeps) {
    this.clock = deps.clock ?? systemClock;
    this.insertMode = new InsertMode(() => deps.config.current.readers.scan, deps.activeMedia, deps.stopMedia, this.clock);
    this.writes = new PendingWrites(this.clock, deps.tagWaitMs);
    this.removalHook = deps.runHook ? new RemovalHook(deps.runHook.bind(deps)) : null;
  }

  /** Returns at once: the first reader pass runs in the background and each reader found announces itself. */
  start(): void {
    const extra = this.deps.platformDrivers?.() ?? {};
    const drivers = this.deps.drivers?.() ?? [
      ...(extra.first ?? []),
      ...defaultDrivers(this.deps.runtime, this.deps.platformRoot, this.deps.authFile, this.clock, this.deps.config.tokenFolders, () => this.deps.config.current.readers.probe_unknown_ports),
      ...(extra.last ?? []),
    ];
    this.manager = new ReaderManager(drivers, () => this.deps.config.current.readers, {
      added: (r) => this.deps.events.publish("readers.added", { connected: true, driver: r.driver, path: r.path }),
      removed: (r) => this.readerGone(r),
      token: (r, read) => this.scanned(r, read),
      tokenRemoved: (r) => this.tokenLeft(r),
      failing: (reader, attempts, reason) => {
        if (this.deps.inbox) readerFailing(this.deps.inbox, { reader, attempts, reason });
      },
    }, this.deps.passIntervalMs, this.clock);
    this.unsubscribe = this.deps.config.onChange((next, prev) => {
      if (next.readers !== prev.readers) void this.manager?.kick();
    });
    if (this.deps.hotplug !== false) {
      const manager = this.manager;
      const root = this.deps.platformRoot ?? "/";
      this.hotplug = watchSerialHotplug(
        { uevents: this.deps.runtime.watchUevents?.bind(this.deps.runtime), roots: hardwareRoots(root), liveRoot: root === "/", clock: this.clock, pollMs: this.deps.hotplug?.pollMs },
        (change) => void manager.deviceChanged(change).catch((err) => logger.warn("hot-plug handling failed:", err)),
      );
    }
    // Nothing waits for the first pass (a probe may take a second or hang): readers announce themselves with
    // readers.added; `readers` lists those found so far.
    this.manager.start().catch((err) => logger.error("readers could not start:", err));
  }

  async stop(): Promise<void> {
    this.writes.cancel();
    this.unsubscribe?.();
    await this.hotplug?.close();
    this.hotplug = null;
    this.insertMode.stop();
    this.removalHook?.cancel();
    await this.manager?.stop();
    this.manager = null;
  }

  private scanned(reader: Reader, read: TokenRead): void {
    const token: ScannedToken = { ...read, scanTime: rfc3339(), readerId: reader.readerId, source: "reader" };
    if (!this.tokens.add(reader.readerId, token)) return;
    logger.info(`token on ${reader.readerId}: type ${token.type}, uid ${token.uid || "-"}, ${token.text.length} chars of text`);
    this.deps.events.publish("tokens.added", tokenView(token));
    this.claimed.delete(reader.readerId); // a new token: claimed again only when the claimer takes it
    if (this.removalHook?.putBack(token)) return; // put back while its on_remove ran: the media keeps running
    if (this.writes.offer(reader.readerId, token.uid)) return; // presented for a waiting write: written, not launched
    if (this.claimer && this.writable(reader.readerId) && this.claimer.presented(reader.readerId, token)) {
      this.claimed.add(reader.readerId);
      return;
    }
    const onScan = this.deps.config.current.readers.scan.on_scan;
    if (onScan.trim() === "" || !this.deps.runHook) return this.launch(token);
    // the reference's on_scan: runs first; when it fails, the scan goes no further
    this.deps
      .runHook("readers.scan.on_scan", onScan, token)
      .then((ok) => (ok ? this.launch(token) : logger.warn("readers.scan.on_scan failed: the scan is dropped")))
      .catch((err) => logger.error("readers.scan.on_scan:", err));
  }

  private launch(token: ScannedToken): void {
    if (!this.deps.config.current.readers.run_zapscript) return; // announced only: a client acts on it
    if (!this.insertMode.inserted(token)) return;
    this.removalHook?.launching(token);
    this.deps.sink.submit(token);
  }

  private tokenLeft(reader: Reader): void {
    const token = this.tokens.remove(reader.readerId);
    if (!token) return;
    this.deps.events.publish("tokens.removed");
    if (this.claimed.delete(reader.readerId)) return this.claimer?.removed(reader.readerId);
    // Only readers that report removal (capability `removable`) end hold-mode media, as in the reference.
    if (!reader.capabilities.includes("removable")) return;
    const scan = this.deps.config.current.readers.scan;
    if (scan.mode !== "hold" || scan.on_remove.trim() === "" || !this.removalHook) return this.insertMode.removed(token);
    // the reference's on_remove (hold mode): runs first, the exit after it (removal-hook.ts)
    const tokenOn = (readerId: string) => this.tokens.list().some((t) => t.readerId === readerId);
    this.removalHook.start(scan.on_remove, token, reader.readerId, tokenOn, () => this.insertMode.removed(token));
  }

  /** A reader that fails takes its token with it, but media keeps running (it was not a removal). */
  private readerGone(reader: Reader): void {
    if (this.tokens.remove(reader.readerId)) this.deps.events.publish("tokens.removed");
    if (this.claimed.delete(reader.readerId)) this.claimer?.removed(reader.readerId);
    this.removalHook?.readerGone(reader.readerId);
    this.deps.events.publish("readers.removed", { connected: false, driver: reader.driver, path: reader.path });
  }

  /** Sets the one claimer of tags on write-capable readers (null: none). */
  claimTags(claimer: TagClaimer | null): void {
    this.claimer = claimer;
    this.claimed.clear();
  }

  /** Tokens on the readers now. */
  activeTokens(): ScannedToken[] {
    return this.tokens.list();
  }

  /** The last token a reader scanned. */
  lastToken(): ScannedToken | undefined {
    return this.tokens.last();
  }

  list(): ReaderInfo[] {
    return (this.manager?.readers() ?? []).map((r) => ({
      id: r.path,
      readerId: r.readerId,
      driver: r.driver,
      info: r.info,
      connected: r.connected(),
      capabilities: [...r.capabilities],
    }));
  }

  /**
   * Writes text to the tag on the first write-capable reader with a tag (or on `readerId`) and reads it back.
   * Every refusal is a DomainError whose data names the reason (no-reader, no-tag, too-large, unsupported, failed).
   */
  async write(text: string, readerId?: string): Promise<void> {
    let target: Reader;
    try {
      target = this.writeTarget(readerId);
    } catch (err) {
      if (!(err instanceof ReaderWriteError && err.reason === "no-tag" && this.writes.enabled)) throw err;
      logger.info(`write waiting for a tag${readerId ? ` on ${readerId}` : ""}`);
      const on = await this.writes.waitForTag((id) => (readerId === undefined ? this.writable(id) : id === readerId), readerId);
      target = this.writeTarget(on);
    }
    await target.write!(text);
  }

  /** Writes text to the tag on `readerId` now and reads it back; no tag there is a no-tag refusal (no waiting for one). */
  async writeNow(text: string, readerId: string): Promise<void> {
    await this.writeTarget(readerId).write!(text);
  }

  /**
   * Writes text to the next tag presented on any write-capable reader (a tag already on a reader is not it),
   * verified by reading back; resolves with that reader's id. `ignoreUid`: a tag neither written nor launched
   * meanwhile (the `**write:` card). Fails at once with no-reader, with no-tag when the wait runs out, and as
   * cancelled on `readers.write.cancel`. The no-reader refusal is thrown at once (not as a rejection).
   */
  writeNext(text: string, opts: { waitMs?: number; ignoreUid?: string } = {}): Promise<string> {
    if (!(this.manager?.readers() ?? []).some((r) => r.connected() && this.writable(r.readerId))) {
      throw new ReaderWriteError("no-reader", "no write-capable reader is connected");
    }
    logger.info("write waiting for the next tag");
    return this.writeWhenPresented(text, opts);
  }

  private async writeWhenPresented(text: string, opts: { waitMs?: number; ignoreUid?: string }): Promise<string> {
    const on = await this.writes.waitForTag((id) => this.writable(id), undefined, opts.waitMs, opts.ignoreUid);
    await this.writeTarget(on).write!(text);
    return on;
  }

  /** Ends writes waiting for a tag (all, or on `readerId`): each rejects as cancelled. Returns how many. */
  cancelWrites(readerId?: string): number {
    return this.writes.cancel(readerId);
  }

  private writable(readerId: string): boolean {
    const r = this.manager?.readers().find((x) => x.readerId === readerId);
    return r !== undefined && r.write !== undefined && r.capabilities.includes("write");
  }

  private writeTarget(readerId: string | undefined): Reader {
    const readers = (this.manager?.readers() ?? []).filter((r) => r.connected());
    const canWrite = (r: Reader) => r.write !== undefined && r.capabilities.includes("write");
    if (readerId !== undefined) {
      const r = readers.find((x) => x.readerId === readerId);
      if (!r) throw new DomainError("not-found", `reader ${readerId} not found`);
      if (!canWrite(r)) throw new DomainError("unsupported", `reader ${readerId} cannot write tags`);
      if (!r.hasToken()) throw new ReaderWriteError("no-tag", `no tag on reader ${readerId}`);
      return r;
    }
    const writable = readers.filter(canWrite);
    if (writable.length === 0) throw new ReaderWriteError("no-reader", "no write-capable reader is connected");
    const withTag = writable.find((r) => r.hasToken());
    if (!withTag) throw new ReaderWriteError("no-tag", "no tag on any write-capable reader; place a tag on the reader");
    return withTag;
  }
}
