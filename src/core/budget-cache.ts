/**
 * Values kept within a byte budget, the least recently used dropped first (a Map in use order: a hit moves to
 * the end). `sizeOf` tells a value's bytes; a value larger than the whole budget is not kept.
 */
export class BudgetCache<K, V> {
  private readonly entries = new Map<K, V>();
  private used = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly sizeOf: (value: V) => number,
  ) {}

  get bytes(): number {
    return this.used;
  }

  get(key: K): V | undefined {
    const hit = this.entries.get(key);
    if (hit !== undefined) {
      this.entries.delete(key); // most recently used last
      this.entries.set(key, hit);
    }
    return hit;
  }

  /** Keeps `value` under `key` unless it alone exceeds the budget; drops the oldest entries to stay within it. */
  set(key: K, value: V): void {
    if (this.sizeOf(value) > this.maxBytes) return;
    const old = this.entries.get(key);
    if (old !== undefined) this.used -= this.sizeOf(old);
    this.entries.delete(key);
    this.entries.set(key, value);
    this.used += this.sizeOf(value);
    for (const [k, v] of this.entries) {
      if (this.used <= this.maxBytes) break;
      this.entries.delete(k);
      this.used -= this.sizeOf(v);
    }
  }

  clear(): void {
    this.entries.clear();
    this.used = 0;
  }
}
