/**
 * Backoff for repeated first-frame failures per (client id, address): after `threshold` consecutive
 * failures the pair is blocked for `baseBlockMs`, each further block doubling up to `maxBlockMs`. A success
 * clears the pair. At most `maxEntries` pairs are tracked (the least recently touched goes first).
 */
export interface BackoffOptions {
  threshold: number;
  baseBlockMs: number;
  maxBlockMs: number;
  maxEntries: number;
}

export const defaultBackoff: BackoffOptions = { threshold: 10, baseBlockMs: 30_000, maxBlockMs: 30 * 60_000, maxEntries: 4096 };

interface Entry {
  failures: number;
  blockedUntil: number;
  lastBlockMs: number;
}

export class FailureBackoff {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly opts: BackoffOptions = defaultBackoff,
    private readonly now: () => number = Date.now,
  ) {}

  private static key(clientId: string, address: string): string {
    return `${clientId}\n${address}`;
  }

  /** Milliseconds until the pair may try again; 0 when it is not blocked. */
  blockedFor(clientId: string, address: string): number {
    const e = this.entries.get(FailureBackoff.key(clientId, address));
    return e ? Math.max(0, e.blockedUntil - this.now()) : 0;
  }

  failure(clientId: string, address: string): void {
    const key = FailureBackoff.key(clientId, address);
    const e = this.entries.get(key) ?? { failures: 0, blockedUntil: 0, lastBlockMs: 0 };
    this.entries.delete(key);
    this.entries.set(key, e);
    e.failures++;
    if (e.failures >= this.opts.threshold) {
      e.lastBlockMs = e.lastBlockMs === 0 ? this.opts.baseBlockMs : Math.min(e.lastBlockMs * 2, this.opts.maxBlockMs);
      e.blockedUntil = this.now() + e.lastBlockMs;
      e.failures = 0;
    }
    while (this.entries.size > this.opts.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
  }

  success(clientId: string, address: string): void {
    this.entries.delete(FailureBackoff.key(clientId, address));
  }
}
