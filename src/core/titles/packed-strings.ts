/**
 * Many short strings kept as a few long ones: the strings are joined in chunks of {@link CHUNK} and each is read
 * back as a slice. A few bytes per string instead of a string object each; a chunk holding one character outside
 * Latin-1 is stored two bytes a character, the other chunks stay one byte a character.
 */
import { type UintArray, uintArrayOf } from "./uint-arrays.ts";

const CHUNK_BITS = 8;
const CHUNK = 1 << CHUNK_BITS;

export class PackedStrings {
  private readonly chunks: string[] = [];
  /** End of each string within its chunk. */
  private readonly ends: UintArray;

  constructor(count: number, at: (i: number) => string) {
    const ends = new Array<number>(count);
    let parts: string[] = [];
    let end = 0;
    for (let i = 0; i < count; i++) {
      const s = at(i);
      parts.push(s);
      end += s.length;
      ends[i] = end;
      if (parts.length === CHUNK || i === count - 1) {
        this.chunks.push(parts.join(""));
        parts = [];
        end = 0;
      }
    }
    this.ends = uintArrayOf(ends);
  }

  get length(): number {
    return this.ends.length;
  }

  /** Bytes of text and offsets (a chunk holding a character past Latin-1 counts two bytes a character). */
  get bytes(): number {
    let n = this.ends.byteLength;
    for (const c of this.chunks) n += /[^\u0000-\u00ff]/.test(c) ? 2 * c.length : c.length;
    return n;
  }

  get(i: number): string {
    const start = (i & (CHUNK - 1)) === 0 ? 0 : (this.ends[i - 1] ?? 0);
    return (this.chunks[i >>> CHUNK_BITS] ?? "").slice(start, this.ends[i]);
  }
}
