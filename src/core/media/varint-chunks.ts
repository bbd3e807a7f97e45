/**
 * A growable list of unsigned ints kept LEB128-encoded in fixed-size byte chunks: small values take a byte or
 * two instead of four, it grows by one chunk at a time, never by doubling and copying (which, for the
 * million-odd word tokens of a 250k index, held the old and the twice-as-large new array at once: the peak of
 * an index run on Node), and a reader may let the chunks go as it passes them.
 */

/** Bytes per chunk: 256 KiB, above glibc's mmap threshold on MiSTer, so a freed chunk goes back to the system. */
const CHUNK = 1 << 18;

export class VarintChunks {
  private chunks: Array<Uint8Array | null> = [];
  private last = new Uint8Array(0);
  /** Bytes used in `last`. */
  private at = CHUNK;
  private bytes = 0;

  /** Appends `v` (0 ≤ v < 2^32). */
  push(v: number): void {
    if (v < 0x80 && this.at < CHUNK) {
      // one byte, room in the chunk: most tokens
      this.last[this.at++] = v;
      this.bytes++;
      return;
    }
    while (v >= 0x80) {
      this.byte((v & 0x7f) | 0x80);
      v >>>= 7;
    }
    this.byte(v);
  }

  /** Calls `each` with every value in order; `release`: each chunk is dropped once read (the list is emptied). */
  forEach(each: (v: number) => void, release = false): void {
    let v = 0;
    let shift = 0;
    let left = this.bytes;
    for (let c = 0; c < this.chunks.length; c++) {
      const chunk = this.chunks[c] as Uint8Array;
      const n = Math.min(CHUNK, left);
      for (let i = 0; i < n; i++) {
        const b = chunk[i] as number;
        v += (b & 0x7f) * 2 ** shift;
        if (b & 0x80) shift += 7;
        else {
          each(v);
          v = 0;
          shift = 0;
        }
      }
      left -= n;
      if (release) this.chunks[c] = null;
    }
    if (release) {
      this.chunks = [];
      this.last = new Uint8Array(0);
      this.at = CHUNK;
      this.bytes = 0;
    }
  }

  private byte(b: number): void {
    if (this.at === CHUNK) {
      this.last = new Uint8Array(CHUNK);
      this.chunks.push(this.last);
      this.at = 0;
    }
    this.last[this.at++] = b;
    this.bytes++;
  }
}
