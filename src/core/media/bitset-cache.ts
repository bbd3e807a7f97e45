/**
 * Bitsets kept between searches (those of common words and of query words that match many index words), within
 * a byte budget: the least recently used go first. Keys are word ids (numbers) or query words (strings).
 */
export class BitsetCache {
  private readonly entries = new Map<number | string, Int32Array>();
  private used = 0;

  constructor(private readonly maxBytes: number) {}

  get bytes(): number {
    return this.used;
  }

  get(key: number | string): Int32Array | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key); // most recently used last
      this.entries.set(key, hit);
    }
    return hit;
  }

  /** Keeps `bits` under `key` unless it alone exceeds the budget; drops the oldest entries to stay within it. */
  set(key: number | string, bits: Int32Array): void {
    if (bits.byteLength > this.maxBytes) return;
    const old = this.entries.get(key);
    if (old) this.used -= old.byteLength;
    this.entries.delete(key);
    this.entries.set(key, bits);
    this.used += bits.byteLength;
    for (const [k, v] of this.entries) {
      if (this.used <= this.maxBytes) break;
      this.entries.delete(k);
      this.used -= v.byteLength;
    }
  }

  clear(): void {
    this.entries.clear();
    this.used = 0;
  }
}
