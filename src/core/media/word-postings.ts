/**
 * Builds the posting lists of the media index while the files are added: each distinct name word gets an
 * integer id (interned through an open-addressing hash table, so a word already seen costs no string), and each
 * media id is written to its words' lists as it comes, delta + varint encoded as postings.ts encodes them (a
 * list grows by doubling; most are a few bytes). `encoded()` then puts the lists end to end in one blob of the
 * exact size. Gives the same words as `nameWords(mediaName(file))` (words.ts), without per-file arrays.
 */
import { type EncodedLists, writeDelta } from "./postings.ts";

/** Bytes a new list starts with (a word's first few ids). */
const FIRST_LIST_BYTES = 16;
/** The most bytes one id's gap takes (LEB128 of a 32-bit gap). */
const MAX_GAP_BYTES = 5;
/** A word's hash: 32-bit FNV-1a of its (lowercased) UTF-16 code units. */
const FNV_OFFSET = 0x811c9dc5 | 0;
const FNV_PRIME = 16777619;

/** What `String.prototype.split(/\s+/)` splits on: ECMAScript white space and line terminators. */
function isSpace(c: number): boolean {
  if (c === 32 || (c >= 9 && c <= 13)) return true;
  if (c < 160) return false;
  return c === 160 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/** Whether ASCII `text` from `start` on, its letters folded to lower case, begins with the lowercase `word`. */
function sameFolded(text: string, start: number, word: string): boolean {
  for (let j = 0; j < word.length; j++) {
    let c = text.charCodeAt(start + j);
    if (c >= 65 && c <= 90) c += 32;
    if (c !== word.charCodeAt(j)) return false;
  }
  return true;
}

function grow(a: Int32Array, min: number): Int32Array<ArrayBuffer> {
  const b = new Int32Array(Math.max(min, a.length * 2));
  b.set(a);
  return b;
}

export class WordPostings {
  private readonly words: string[] = [];
  private hashes = new Int32Array(1024);
  /** The last media id each word was added for (a word twice in one name counts once). */
  private lastMedia = new Int32Array(1024);
  private counts = new Int32Array(1024);
  /** Each word's list so far: the gaps between its media ids (the first from 0), and the bytes of it used. */
  private lists: Uint8Array[] = [];
  private sizes = new Int32Array(1024);
  /** Slots hold word id + 1; 0 is empty. Kept at most half full. */
  private table = new Int32Array(2048);

  /** Distinct words so far. */
  get size(): number {
    return this.words.length;
  }

  /** Adds the words of a file's media name (the file name without its last extension) for `mediaId` (> 0). */
  addFile(fileName: string, mediaId: number, whole = false): void {
    if (!whole) {
      // most names are ASCII: read as they are, letters folded as read, with no lowercased copy made
      const dot = fileName.lastIndexOf(".");
      if (this.addWords(fileName, dot > 0 ? dot : fileName.length, mediaId, true)) return;
      // not ASCII: read lowercased below (the words added so far are added again, which adds nothing)
    }
    let lower: string;
    let end: number;
    if (whole) {
      lower = fileName.toLowerCase();
      end = lower.length;
    } else if (fileName.includes("\u03a3")) {
      // Σ lowercases by context (final ς before the extension's dot only when the name is lowercased alone)
      const dot = fileName.lastIndexOf(".");
      lower = (dot > 0 ? fileName.slice(0, dot) : fileName).toLowerCase();
      end = lower.length;
    } else {
      // lowercasing adds or removes no dot and empties no non-empty prefix: the last dot still ends the name
      lower = fileName.toLowerCase();
      const dot = lower.lastIndexOf(".");
      end = dot > 0 ? dot : lower.length;
    }
    this.addWords(lower, end, mediaId, false);
  }

  /**
   * Adds the words of `text` up to `end` for `mediaId`. `folded`: `text` is read with its ASCII letters folded to
   * lower case, and false is returned (at once) at a character that is not ASCII; else `text` is lowercased.
   */
  private addWords(text: string, end: number, mediaId: number, folded: boolean): boolean {
    let start = -1;
    let h = 0;
    for (let i = 0; i <= end; i++) {
      let c = i < end ? text.charCodeAt(i) : 32;
      if (folded) {
        if (c >= 128) return false;
        if (c >= 65 && c <= 90) c += 32;
      }
      // most characters are printable ASCII: no white space test for them
      if ((c <= 32 || c >= 127) && isSpace(c)) {
        if (start >= 0) {
          this.addWord(text, start, i, h, mediaId, folded);
          start = -1;
        }
      } else {
        if (start < 0) {
          start = i;
          h = FNV_OFFSET;
        }
        h = Math.imul(h ^ c, FNV_PRIME);
      }
    }
    return true;
  }

  /** `folded`: `text` is ASCII read with its letters folded to lower case (its word is lowercased when new). */
  private addWord(text: string, start: number, end: number, hash: number, mediaId: number, folded: boolean): void {
    const id = this.idOf(text, start, end, hash, folded);
    if (this.lastMedia[id] === mediaId) return;
    let list = this.lists[id] as Uint8Array;
    const used = this.sizes[id] as number;
    if (used + MAX_GAP_BYTES > list.length) list = this.grown(id, used + MAX_GAP_BYTES);
    this.sizes[id] = writeDelta(mediaId - (this.lastMedia[id] as number), list, used);
    this.lastMedia[id] = mediaId;
    (this.counts[id] as number)++;
  }

  /** Word `text[start, end)`'s id (`hash` its FNV-1a hash), the word added when new; `folded` as addWord's. */
  private idOf(text: string, start: number, end: number, hash: number, folded: boolean): number {
    const len = end - start;
    const mask = this.table.length - 1;
    let slot = hash & mask;
    let id = -1;
    for (;;) {
      const v = this.table[slot] as number;
      if (v === 0) break;
      const w = this.words[v - 1] as string;
      if (this.hashes[v - 1] === hash && w.length === len && (folded ? sameFolded(text, start, w) : text.startsWith(w, start))) {
        id = v - 1;
        break;
      }
      slot = (slot + 1) & mask;
    }
    if (id < 0) {
      id = this.words.length;
      this.words.push(folded ? text.slice(start, end).toLowerCase() : text.slice(start, end));
      this.lists.push(new Uint8Array(FIRST_LIST_BYTES));
      if (id >= this.hashes.length) {
        this.hashes = grow(this.hashes, id + 1);
        this.lastMedia = grow(this.lastMedia, id + 1);
        this.counts = grow(this.counts, id + 1);
        this.sizes = grow(this.sizes, id + 1);
      }
      this.hashes[id] = hash;
      this.table[slot] = id + 1;
      if (this.words.length * 2 > this.table.length) this.rehash();
    }
    return id;
  }

  /** Word `id`'s list grown (doubled, or to `min` bytes) with its `used` bytes kept. */
  private grown(id: number, min: number): Uint8Array {
    const list = this.lists[id] as Uint8Array;
    const grown = new Uint8Array(Math.max(min, list.length * 2));
    grown.set(list.subarray(0, this.sizes[id] as number));
    this.lists[id] = grown;
    return grown;
  }

  private rehash(): void {
    const table = new Int32Array(this.table.length * 2);
    const mask = table.length - 1;
    for (let id = 0; id < this.words.length; id++) {
      let slot = (this.hashes[id] as number) & mask;
      while (table[slot] !== 0) slot = (slot + 1) & mask;
      table[slot] = id + 1;
    }
    this.table = table;
  }

  /**
   * Each word (in order of first appearance: list i is word id i + 1 of the index) with its media ids in the
   * order they were added (ascending when the ids were added ascending), encoded as postings.ts does, the lists
   * end to end in one blob; the builder is spent afterwards.
   */
  encoded(): EncodedLists {
    const n = this.words.length;
    const ends = new Int32Array(n);
    let size = 0;
    for (let w = 0; w < n; w++) {
      size += this.sizes[w] as number;
      ends[w] = size;
    }
    const blob = new Uint8Array(size);
    for (let w = 0; w < n; w++) blob.set((this.lists[w] as Uint8Array).subarray(0, this.sizes[w] as number), (ends[w - 1] ?? 0) as number);
    const lists = { names: this.words.join("\0"), counts: this.counts.slice(0, n), ends, blob };
    // spent: the words and tables let go now (a builder is held until its index run ends)
    this.lists = [];
    this.words.length = 0;
    this.hashes = this.lastMedia = this.counts = this.sizes = this.table = new Int32Array(0);
    return lists;
  }
}
