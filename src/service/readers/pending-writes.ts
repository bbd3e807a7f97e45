import { DomainError } from "../../core/errors.ts";
import { ReaderWriteError } from "../../readers/types.ts";
import type { Timers } from "./insert-mode.ts";

/** How long `readers.write` waits for a tag to be presented, as the reference (30 s). */
export const TAG_WAIT_MS = 30_000;

interface Waiter {
  accepts(readerId: string, uid: string): boolean;
  readerId?: string;
  /** A tag UID that is neither written nor launched while this write waits (the `**write:` card itself). */
  ignores?: string;
  resolve(readerId: string): void;
  reject(err: Error): void;
  handle: unknown;
}

/**
 * Writes waiting for a tag: `readers.write` with no tag on the reader holds until one is presented (the tag is
 * then written, not launched), the wait runs out (no-tag), or `readers.write.cancel` ends it (reason cancelled).
 */
export class PendingWrites {
  private readonly waiting = new Set<Waiter>();

  constructor(
    private readonly timers: Timers,
    private readonly waitMs: number = TAG_WAIT_MS,
  ) {}

  get enabled(): boolean {
    return this.waitMs > 0;
  }

  /**
   * Resolves with the id of the reader a tag arrived on; `readerId` limits it to that reader. `waitMs` replaces
   * the usual wait (`**write:` waits as long as the reference keeps its pending write).
   */
  waitForTag(accepts: (readerId: string, uid: string) => boolean, readerId?: string, waitMs = this.waitMs, ignores?: string): Promise<string> {
    return new Promise<string>((resolve, reject) => {
      const waiter: Waiter = {
        accepts,
        readerId,
        ignores: ignores || undefined,
        resolve: (id) => this.settle(waiter, () => resolve(id)),
        reject: (err) => this.settle(waiter, () => reject(err)),
        handle: null,
      };
      const seconds = Math.round(waitMs / 1000);
      waiter.handle = this.timers.set(() => waiter.reject(new ReaderWriteError("no-tag", `no tag was presented within ${seconds} s; place a tag on the reader`)), waitMs);
      this.waiting.add(waiter);
    });
  }

  /** A tag arrived on `readerId`: the oldest write waiting for it takes it. True when one did (do not launch it). */
  offer(readerId: string, uid = ""): boolean {
    for (const w of this.waiting) {
      if (w.ignores !== undefined && w.ignores === uid) return true; // the writer card again: still waiting
      if (!w.accepts(readerId, uid)) continue;
      w.resolve(readerId);
      return true;
    }
    return false;
  }

  /** Ends the waiting writes (all, or those for `readerId`); each rejects as cancelled. Returns how many. */
  cancel(readerId?: string): number {
    let n = 0;
    for (const w of [...this.waiting]) {
      if (readerId !== undefined && w.readerId !== undefined && w.readerId !== readerId) continue;
      w.reject(new DomainError("failed", "the write was cancelled (readers.write.cancel)", { reason: "cancelled" }));
      n++;
    }
    return n;
  }

  private settle(w: Waiter, done: () => void): void {
    if (!this.waiting.delete(w)) return;
    this.timers.clear(w.handle);
    done();
  }
}
