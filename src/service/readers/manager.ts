/**
 * Keeps the set of open readers in line with the settings and the hardware: opens configured connection
 * strings (retrying failures), adds readers the drivers detect, drops readers that go away (they are retried
 * on a later pass), and closes readers the settings no longer ask for. One pass every second, and at once
 * when a driver reports a hardware change or a device node is plugged in (hot-plug); a reader whose node is
 * unplugged is dropped at once. Passes never overlap.
 */
import { realpathSync } from "node:fs";
import type { ReaderConnection } from "../../config/schema.ts";
import { CoalescedRuns } from "../../core/coalesced-runs.ts";
import { log } from "../../log.ts";
import { resolveConnection } from "../../readers/driver-aliases.ts";
import type { DeviceChange } from "../../readers/hotplug.ts";
import type { Reader, ReaderDriver, ReaderOptions, TokenRead } from "../../readers/types.ts";
import { realTimers, type Timers } from "./insert-mode.ts";

const logger = log.withTag("readers");

export interface ReaderSettings {
  auto_detect: boolean;
  connect: readonly ReaderConnection[];
}

export interface ManagerEvents {
  added(reader: Reader): void;
  removed(reader: Reader): void;
  token(reader: Reader, read: TokenRead): void;
  tokenRemoved(reader: Reader): void;
  /** A configured reader failed to open FAILING_AFTER times in a row (told once until it opens). */
  failing?(key: string, attempts: number, reason: string): void;
}

/** Consecutive failed opens of one reader after which it counts as failing. */
export const FAILING_AFTER = 30;

interface Managed {
  reader: Reader;
  driver: ReaderDriver;
  origin: "config" | "detect";
  /** The device node the path led to when opened (a /dev/serial/by-id link resolved), for unplug events. */
  node: string;
}

function nodeOf(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

export class ReaderManager {
  private readonly open = new Map<string, Managed>();
  private readonly failures = new Map<string, { message: string; count: number }>();
  private readonly warned = new Set<string>();
  private timer: unknown = null;
  private readonly passes = new CoalescedRuns(
    () => this.reconcile(),
    (err) => logger.error("reader pass failed:", err),
    () => !this.stopped,
  );
  private stopped = false;
  /** Device nodes plugged in and not yet a reader: when (performance.now()), for the hot-plug latency log. */
  private readonly plugged = new Map<string, { at: number; via: string }>();

  constructor(
    private readonly drivers: readonly ReaderDriver[],
    private readonly settings: () => ReaderSettings,
    private readonly events: ManagerEvents,
    private readonly intervalMs = 1000,
    /** Where the pass interval's timers come from (tests: a manual clock). */
    private readonly timers: Timers = realTimers,
  ) {}

  async start(): Promise<void> {
    this.stopped = false;
    for (const d of this.drivers) d.onChange?.(() => this.kick());
    this.schedule();
    await this.kick();
  }

  /** A pass every intervalMs, whether or not the last one is still running (kick() then queues one). */
  private schedule(): void {
    this.timer = this.timers.set(() => {
      if (this.stopped) return;
      this.schedule();
      void this.kick();
    }, this.intervalMs);
  }

  readers(): Reader[] {
    return [...this.open.values()].map((m) => m.reader);
  }

  /** Runs a pass now, or right after the running one. */
  kick(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    return this.passes.run();
  }

  /**
   * A device node came or went (hot-plug). Readers on a node that went are dropped now; a node that came
   * starts a pass at once, so detection probes it without waiting for the next tick.
   */
  async deviceChanged(change: Pick<DeviceChange, "action" | "path" | "at" | "via">): Promise<void> {
    if (this.stopped) return;
    if (change.action === "remove") {
      this.plugged.delete(change.path);
      for (const m of [...this.open.values()]) {
        if (m.reader.path === change.path || m.node === change.path) {
          logger.info(`${change.path} unplugged (${change.via}): dropping its reader`);
          await this.drop(m, true);
        }
      }
      return;
    }
    if (change.action === "add") {
      logger.info(`${change.path} plugged in (${change.via}): looking for readers`);
      this.plugged.set(change.path, { at: change.at, via: change.via });
      if (this.plugged.size > 64) this.plugged.delete(this.plugged.keys().next().value!);
    }
    await this.kick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer !== null) this.timers.clear(this.timer);
    this.timer = null;
    await this.passes.idle();
    for (const m of [...this.open.values()]) await this.drop(m, false);
    for (const d of this.drivers) {
      try {
        await d.stop?.();
      } catch (err) {
        logger.warn(`stopping the ${d.id} driver failed:`, err);
      }
    }
  }

  private key(driver: ReaderDriver, path: string): string {
    return `${driver.id}:${path}`;
  }

  /** What detection must leave alone: paths any open reader holds and every path the settings name. */
  private exclude(): Set<string> {
    const paths = new Set<string>();
    for (const m of this.open.values()) paths.add(m.reader.path);
    for (const c of this.settings().connect) if (c.path) paths.add(c.path);
    return paths;
  }

  private async reconcile(): Promise<void> {
    for (const m of [...this.open.values()]) {
      if (!m.reader.connected()) await this.drop(m, true);
    }
    const cfg = this.settings();
    const wanted = new Set<string>();
    const wholeDriver = new Set<ReaderDriver>();
    for (const c of cfg.connect) {
      if (c.enabled === false) continue;
      const resolved = resolveConnection(this.drivers, c.driver, c.path ?? "");
      if (!resolved) {
        this.warnOnce(`unknown:${c.driver}`, `reader connection "${c.driver}:${c.path ?? ""}" names an unknown driver; known: ${this.drivers.map((d) => d.id).join(", ")}`);
        continue;
      }
      const { driver, path, options } = resolved;
      if (path === "" && driver.detect) {
        wholeDriver.add(driver);
        for (const p of await driver.detect(this.exclude())) await this.openReader(driver, p, "config");
        continue;
      }
      wanted.add(this.key(driver, path));
      await this.openReader(driver, path, "config", { ...options, idSource: c.id_source });
    }
    if (cfg.auto_detect) {
      for (const driver of this.drivers) {
        if (!driver.autoDetect || !driver.detect || wholeDriver.has(driver)) continue;
        for (const p of await driver.detect(this.exclude())) await this.openReader(driver, p, "detect");
      }
    }
    for (const [key, m] of [...this.open]) {
      const covered = wanted.has(key) || wholeDriver.has(m.driver) || (cfg.auto_detect && m.driver.autoDetect && m.origin === "detect");
      if (!covered) await this.drop(m, true);
    }
  }

  private async openReader(driver: ReaderDriver, path: string, origin: Managed["origin"], options?: ReaderOptions): Promise<void> {
    const key = this.key(driver, path);
    if (this.open.has(key) || this.stopped) return;
    const reader = driver.create(path, options);
    const managed: Managed = { reader, driver, origin, node: nodeOf(path) };
    // Events a reader sends while opening (a token already on it) wait until readers.added went out.
    let early: Array<() => void> | null = [];
    const deliver = (fn: () => void) => {
      if (early) early.push(fn);
      else if (this.open.get(key) === managed) fn();
    };
    try {
      await reader.open({
        token: (read) => deliver(() => this.events.token(reader, read)),
        removed: () => deliver(() => this.events.tokenRemoved(reader)),
      });
    } catch (err) {
      const message = (err as Error).message;
      const before = this.failures.get(key);
      if (before?.message !== message) logger.warn(`cannot open reader ${key}: ${message}; will retry`);
      const count = (before?.count ?? 0) + 1;
      this.failures.set(key, { message, count });
      if (count === FAILING_AFTER && origin === "config") this.events.failing?.(key, count, message);
      await reader.close().catch(() => {});
      return;
    }
    this.failures.delete(key);
    this.open.set(key, managed);
    const plug = this.plugged.get(path) ?? this.plugged.get(managed.node);
    this.plugged.delete(path);
    this.plugged.delete(managed.node);
    const after = plug ? `, ${Math.round(performance.now() - plug.at)} ms after it was plugged in (${plug.via})` : "";
    logger.info(`reader added: ${key} (${reader.readerId})${after}`);
    this.events.added(reader);
    const pending = early;
    early = null;
    for (const fn of pending) fn();
  }

  private async drop(m: Managed, announce: boolean): Promise<void> {
    const key = this.key(m.driver, m.reader.path);
    if (this.open.get(key) !== m) return;
    this.open.delete(key);
    try {
      await m.reader.close();
    } catch (err) {
      logger.warn(`closing reader ${key} failed:`, err);
    }
    if (announce) logger.info(`reader removed: ${key}`);
    this.events.removed(m.reader);
  }

  private warnOnce(key: string, message: string): void {
    if (this.warned.has(key)) return;
    this.warned.add(key);
    logger.warn(message);
  }
}
