/**
 * A growable list of int32 kept in fixed-size chunks: it grows by one chunk at a time, never by doubling and
 * copying (which, for the million-odd word tokens of a 250k index, held the old and the twice-as-large new
 * array at once: the peak of an index run on Node), and a reader may let the chunks go as it passes them.
 */

/** Ints per chunk: 256 KiB, above glibc's mmap threshold on MiSTer, so a freed chunk goes back to the system. */
const CHUNK = 1 << 16;

export class IntChunks {
  private chunks: Array<Int32Array | null> = [];
  private last = new Int32Array(0);
  private at = CHUNK;
  private count = 0;

  get length(): number {
    return this.count;
  }

  push(v: number): void {
    if (this.at === CHUNK) {
      this.last = new Int32Array(CHUNK);
      this.chunks.push(this.last);
      this.at = 0;
    }
    this.last[this.at++] = v;
    this.count++;
  }

  /** Calls `each` with every value in order; `release`: each chunk is dropped once read (the list is emptied). */
  forEach(each: (v: number) => void, release = false): void {
    let left = this.count;
    for (let c = 0; c < this.chunks.length && left > 0; c++) {
      const chunk = this.chunks[c] as Int32Array;
      const n = Math.min(CHUNK, left);
      for (let i = 0; i < n; i++) each(chunk[i] as number);
      left -= n;
      if (release) this.chunks[c] = null;
    }
    if (release) this.clear();
  }

  clear(): void {
    this.chunks = [];
    this.last = new Int32Array(0);
    this.at = CHUNK;
    this.count = 0;
  }
}
