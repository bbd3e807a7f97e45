/**
 * Retry pacing for serial readers, pure: after each failure to open a port the next attempt waits twice as
 * long (1 s … 30 s); a success or a replug (the device node changed) starts over. While waiting, the last
 * error is repeated as is, so the manager's log (which prints a message only when it changes) stays quiet.
 */

export interface BackoffEntry {
  failures: number;
  nextAt: number;
  message: string;
  /** Identity of the device node when it failed (see nodeIdentity); a different node is a replug. */
  node: string;
}

export class OpenBackoff {
  private readonly entries = new Map<string, BackoffEntry>();

  constructor(
    private readonly baseMs = 1000,
    private readonly maxMs = 30000,
  ) {}

  /** The message to fail with instead of trying now, or null when an attempt is due. */
  blocked(path: string, node: string, now: number): string | null {
    const e = this.entries.get(path);
    if (!e) return null;
    if (e.node !== node) {
      this.entries.delete(path);
      return null;
    }
    return now < e.nextAt ? e.message : null;
  }

  failed(path: string, node: string, message: string, now: number): BackoffEntry {
    const prev = this.entries.get(path);
    const failures = prev && prev.node === node ? prev.failures + 1 : 1;
    const delay = Math.min(this.maxMs, this.baseMs * 2 ** (failures - 1));
    const entry = { failures, nextAt: now + delay, message, node };
    this.entries.set(path, entry);
    return entry;
  }

  succeeded(path: string): void {
    this.entries.delete(path);
  }
}
