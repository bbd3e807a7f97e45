import { normaliseAddress } from "../../core/net/addresses.ts";

/**
 * Allows one request per `intervalMs` per peer address. Memory stays bounded: entries older than the interval
 * are dropped, and past `maxEntries` the oldest go first.
 */
export class PerAddressLimiter {
  private readonly last = new Map<string, number>();

  constructor(
    private readonly intervalMs: number,
    private readonly now: () => number = Date.now,
    private readonly maxEntries = 4096,
  ) {}

  allow(address: string): boolean {
    const key = normaliseAddress(address);
    const t = this.now();
    const prev = this.last.get(key);
    if (prev !== undefined && t - prev < this.intervalMs) return false;
    this.last.delete(key);
    this.last.set(key, t);
    if (this.last.size > this.maxEntries) {
      for (const [k, v] of this.last) {
        if (t - v >= this.intervalMs || this.last.size > this.maxEntries) this.last.delete(k);
        else break;
      }
    }
    return true;
  }
}
