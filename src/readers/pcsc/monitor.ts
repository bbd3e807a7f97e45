/**
 * One PC/SC context shared by every PC/SC reader: a loop that waits in SCardGetStatusChange on all readers and
 * the PnP pseudo-reader (no polling), reports card insertions and removals per reader, and runs card jobs
 * (reads, writes) between waits, interrupting a wait with SCardCancel. When pcscd stops or restarts the context
 * is dropped and re-established in the background.
 */
import { type Clock, systemClock } from "../../core/clock.ts";
import { log } from "../../log.ts";
import type { PcscContext, PcscLibrary, PcscLoad } from "../../runtime/types.ts";
import {
  contextLost,
  PNP_NOTIFICATION,
  pcscCode,
  pcscErrorName,
  SCARD_E_CANCELLED,
  SCARD_E_NO_READERS_AVAILABLE,
  SCARD_E_READER_UNAVAILABLE,
  SCARD_E_TIMEOUT,
  SCARD_E_UNKNOWN_READER,
  SCARD_STATE_CHANGED,
  SCARD_STATE_MUTE,
  SCARD_STATE_PRESENT,
  SCARD_STATE_UNAVAILABLE,
  SCARD_STATE_UNKNOWN,
} from "./scard.ts";

const logger = log.withTag("pcsc");

export interface CardListener {
  inserted(atr: Uint8Array): void;
  removed(): void;
}

export interface MonitorOptions {
  /** Longest single wait; a wait is also cut short by jobs and by stop(). */
  waitMs: number;
  /** Pause between attempts to reach pcscd. */
  retryMs: number;
}

const DEFAULT_OPTIONS: MonitorOptions = { waitMs: 30_000, retryMs: 1_000 };

type Job = { run: (ctx: PcscContext) => Promise<unknown>; resolve: (v: unknown) => void; reject: (e: Error) => void };

const hasCard = (state: number) => (state & SCARD_STATE_PRESENT) !== 0 && (state & SCARD_STATE_MUTE) === 0;

export class PcscMonitor {
  private lib: PcscLibrary | null = null;
  private ctx: PcscContext | null = null;
  private running = false;
  private loopDone: Promise<void> | null = null;
  private readonly states = new Map<string, number>();
  private pnpState = 0;
  private listDirty = true;
  private jobs: Job[] = [];
  private waiting = false;
  private interruptTimer: ReturnType<typeof setInterval> | null = null;
  private wakeSleep: (() => void) | null = null;
  private readonly listeners = new Map<string, Set<CardListener>>();
  private readonly changeListeners = new Set<() => void>();
  private firstAttempt: Promise<void> | null = null;
  private firstAttemptDone: (() => void) | null = null;
  private downLogged = false;

  constructor(
    private readonly load: () => PcscLoad,
    /** The pause before reaching pcscd again is on these timers (the app's clock; tests: a manual one). */
    private readonly timers: Pick<Clock, "set" | "clear"> = systemClock,
    private readonly opts: MonitorOptions = DEFAULT_OPTIONS,
  ) {}

  /** Starts the loop once; resolves after the first attempt to reach pcscd (and list its readers). */
  ensureStarted(): Promise<void> {
    if (this.firstAttempt) return this.firstAttempt;
    this.firstAttempt = new Promise((r) => (this.firstAttemptDone = r));
    const loaded = this.load();
    if (!loaded.ok) {
      logger.warn(`PC/SC readers disabled: ${loaded.reason}`);
      this.firstAttemptDone?.();
      return this.firstAttempt;
    }
    this.lib = loaded.library;
    this.running = true;
    this.loopDone = this.loop();
    return this.firstAttempt;
  }

  readerNames(): string[] {
    return [...this.states.keys()];
  }

  hasReader(name: string): boolean {
    return this.states.has(name);
  }

  cardPresent(name: string): boolean {
    return hasCard(this.states.get(name) ?? 0);
  }

  watch(name: string, listener: CardListener): () => void {
    let set = this.listeners.get(name);
    if (!set) this.listeners.set(name, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  }

  /** Called when the reader list changes (hot plug, pcscd lost or back). */
  onReadersChanged(listener: () => void): void {
    this.changeListeners.add(listener);
  }

  /** Runs `fn` with the context between waits (card I/O must not overlap a wait on the same context). */
  exec<T>(fn: (ctx: PcscContext) => Promise<T>): Promise<T> {
    if (!this.running || !this.ctx) return Promise.reject(new Error("pcscd is not reachable"));
    return new Promise<T>((resolve, reject) => {
      this.jobs.push({ run: fn, resolve: resolve as (v: unknown) => void, reject });
      this.interrupt();
    });
  }

  async stop(): Promise<void> {
    this.running = false;
    this.interrupt();
    this.wakeSleep?.();
    await this.loopDone;
    this.clearInterrupt();
    for (const j of this.jobs.splice(0)) j.reject(new Error("PC/SC stopped"));
    if (this.ctx) await this.ctx.release().catch(() => {});
    this.ctx = null;
    this.lib?.close();
    this.lib = null;
    this.firstAttempt = null;
  }

  /** Wakes a pending wait; SCardCancel is a no-op if the wait has not begun yet, so repeat until it returns. */
  private interrupt(): void {
    if (!this.waiting || this.interruptTimer) return;
    const ctx = this.ctx;
    const cancel = () => {
      if (!this.waiting) return this.clearInterrupt();
      try {
        ctx?.cancel();
      } catch {}
    };
    cancel();
    this.interruptTimer = setInterval(cancel, 20);
  }

  private clearInterrupt(): void {
    if (this.interruptTimer) clearInterval(this.interruptTimer);
    this.interruptTimer = null;
  }

  /** Waits `ms` on the timers; stop() cuts it short. */
  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      let handle: unknown = null;
      this.wakeSleep = () => {
        this.timers.clear(handle);
        this.wakeSleep = null;
        resolve();
      };
      handle = this.timers.set(() => this.wakeSleep?.(), ms);
    });
  }

  private async loop(): Promise<void> {
    while (this.running) {
      if (!this.ctx) {
        try {
          this.ctx = await this.lib!.establish();
          this.listDirty = true;
          this.pnpState = 0;
          logger.info(this.downLogged ? "PC/SC: pcscd is reachable again" : "PC/SC: connected to pcscd");
          this.downLogged = false;
        } catch (err) {
          if (!this.downLogged) {
            logger.warn(`PC/SC readers unavailable: pcscd is not reachable (${pcscErrorName(pcscCode(err))}); retrying in the background`);
            this.downLogged = true;
          }
          this.firstAttemptDone?.();
          await this.sleep(this.opts.retryMs);
          continue;
        }
      }
      try {
        if (this.listDirty) await this.refreshReaders(this.ctx);
        this.firstAttemptDone?.();
        await this.runJobs(this.ctx);
        if (!this.running) break;
        await this.waitOnce(this.ctx);
      } catch (err) {
        const code = pcscCode(err);
        if (code === SCARD_E_TIMEOUT || code === SCARD_E_CANCELLED) continue;
        if (code === SCARD_E_UNKNOWN_READER || code === SCARD_E_READER_UNAVAILABLE || code === SCARD_E_NO_READERS_AVAILABLE) {
          this.listDirty = true;
          continue;
        }
        if (contextLost(code)) {
          this.dropContext(pcscErrorName(code));
        } else {
          logger.warn(`PC/SC wait failed (${pcscErrorName(code)}); listing readers again`);
          this.listDirty = true;
        }
        if (this.running) await this.sleep(this.opts.retryMs);
      }
    }
  }

  private async refreshReaders(ctx: PcscContext): Promise<void> {
    const names = new Set(await ctx.listReaders());
    let changed = false;
    for (const [name, state] of [...this.states]) {
      if (names.has(name)) continue;
      this.states.delete(name);
      changed = true;
      if (hasCard(state)) this.emit(name, (l) => l.removed());
    }
    for (const name of names) {
      if (this.states.has(name)) continue;
      this.states.set(name, 0);
      changed = true;
    }
    this.listDirty = false;
    if (changed) {
      logger.debug(`PC/SC readers: ${[...names].join(", ") || "none"}`);
      this.notifyChange();
    }
  }

  private async runJobs(ctx: PcscContext): Promise<void> {
    while (this.jobs.length) {
      const job = this.jobs.shift()!;
      try {
        job.resolve(await job.run(ctx));
      } catch (err) {
        job.reject(err as Error);
      }
    }
  }

  private async waitOnce(ctx: PcscContext): Promise<void> {
    const names = this.readerNames();
    const query = [{ reader: PNP_NOTIFICATION, currentState: this.pnpState }, ...names.map((n) => ({ reader: n, currentState: this.states.get(n)! }))];
    this.waiting = true;
    if (this.jobs.length || !this.running) this.interrupt();
    let result;
    try {
      result = await ctx.getStatusChange(query, this.opts.waitMs);
    } finally {
      this.waiting = false;
      this.clearInterrupt();
    }
    for (const r of result) {
      const state = r.eventState & ~SCARD_STATE_CHANGED;
      if (r.reader === PNP_NOTIFICATION) {
        if (r.eventState & SCARD_STATE_CHANGED) this.listDirty = true;
        this.pnpState = state;
        continue;
      }
      if (!this.states.has(r.reader)) continue;
      const before = this.states.get(r.reader)!;
      this.states.set(r.reader, state);
      if (state & (SCARD_STATE_UNKNOWN | SCARD_STATE_UNAVAILABLE)) this.listDirty = true;
      const was = hasCard(before);
      const now = hasCard(state);
      // The high 16 bits count card events: a card swapped between two waits shows as a new count.
      const swapped = was && now && before >>> 16 !== state >>> 16;
      if (was && (!now || swapped)) this.emit(r.reader, (l) => l.removed());
      if (now && (!was || swapped)) this.emit(r.reader, (l) => l.inserted(r.atr));
    }
  }

  private dropContext(reason: string): void {
    logger.warn(`PC/SC: lost pcscd (${reason}); reconnecting in the background`);
    this.downLogged = true;
    const ctx = this.ctx;
    this.ctx = null;
    ctx?.release().catch(() => {});
    for (const j of this.jobs.splice(0)) j.reject(new Error("pcscd went away"));
    for (const [name, state] of this.states) if (hasCard(state)) this.emit(name, (l) => l.removed());
    const had = this.states.size > 0;
    this.states.clear();
    if (had) this.notifyChange();
  }

  private emit(name: string, fn: (l: CardListener) => void): void {
    for (const l of this.listeners.get(name) ?? []) {
      try {
        fn(l);
      } catch (err) {
        logger.warn(`PC/SC listener for ${name} failed:`, err);
      }
    }
  }

  private notifyChange(): void {
    for (const l of this.changeListeners) {
      try {
        l();
      } catch (err) {
        logger.warn("PC/SC change listener failed:", err);
      }
    }
  }
}
