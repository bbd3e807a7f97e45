/**
 * Builds the posting lists of the media index while the files are added: each distinct name word gets an
 * integer id (interned through an open-addressing hash table, so a word already seen costs no string); each
 * file's distinct word ids go into one growable Int32Array, with the file's media id and end beside them.
 * `lists()` then groups the media by word with a counting sort. Gives the same words as
 * `nameWords(mediaName(file))` (words.ts), without per-file arrays.
 */

/** What `String.prototype.split(/\s+/)` splits on: ECMAScript white space and line terminators. */
function isSpace(c: number): boolean {
  if (c === 32 || (c >= 9 && c <= 13)) return true;
  if (c < 160) return false;
  return c === 160 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
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
  /** Slots hold word id + 1; 0 is empty. Kept at most half full. */
  private table = new Int32Array(2048);
  /** The word id of each (file, distinct word), file after file. */
  private tokens = new Int32Array(1 << 16);
  private tokenCount = 0;
  /** Per file added: its media id, and where its tokens end. */
  private fileIds = new Int32Array(1 << 12);
  private fileEnds = new Int32Array(1 << 12);
  private fileCount = 0;

  /** Distinct words so far. */
  get size(): number {
    return this.words.length;
  }

  /** Adds the words of a file's media name (the file name without its last extension) for `mediaId` (> 0). */
  addFile(fileName: string, mediaId: number, whole = false): void {
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
    let start = -1;
    let h = 0;
    for (let i = 0; i <= end; i++) {
      const c = i < end ? lower.charCodeAt(i) : 32;
      if (isSpace(c)) {
        if (start >= 0) {
          this.addWord(lower, start, i, h, mediaId);
          start = -1;
        }
      } else {
        if (start < 0) {
          start = i;
          h = 0x811c9dc5 | 0;
        }
        h = Math.imul(h ^ c, 16777619);
      }
    }
    if (this.fileCount === this.fileIds.length) {
      this.fileIds = grow(this.fileIds, 0);
      this.fileEnds = grow(this.fileEnds, 0);
    }
    this.fileIds[this.fileCount] = mediaId;
    this.fileEnds[this.fileCount++] = this.tokenCount;
  }

  private addWord(text: string, start: number, end: number, hash: number, mediaId: number): void {
    const len = end - start;
    const mask = this.table.length - 1;
    let slot = hash & mask;
    let id = -1;
    for (;;) {
      const v = this.table[slot] as number;
      if (v === 0) break;
      const w = this.words[v - 1] as string;
      if (this.hashes[v - 1] === hash && w.length === len && text.startsWith(w, start)) {
        id = v - 1;
        break;
      }
      slot = (slot + 1) & mask;
    }
    if (id < 0) {
      id = this.words.length;
      this.words.push(text.slice(start, end));
      if (id >= this.hashes.length) {
        this.hashes = grow(this.hashes, id + 1);
        this.lastMedia = grow(this.lastMedia, id + 1);
        this.counts = grow(this.counts, id + 1);
      }
      this.hashes[id] = hash;
      this.table[slot] = id + 1;
      if (this.words.length * 2 > this.table.length) this.rehash();
    } else if (this.lastMedia[id] === mediaId) {
      return;
    }
    this.lastMedia[id] = mediaId;
    (this.counts[id] as number)++;
    if (this.tokenCount === this.tokens.length) this.tokens = grow(this.tokens, 0);
    this.tokens[this.tokenCount++] = id;
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
   * Each word (in order of first appearance) with its media ids, in the order they were added (ascending when
   * the ids were added ascending). The lists are views into one array; the builder is spent afterwards.
   */
  *lists(): Generator<[word: string, ids: Int32Array]> {
    const n = this.words.length;
    const starts = new Int32Array(n + 1);
    for (let id = 0; id < n; id++) starts[id + 1] = (starts[id] as number) + (this.counts[id] as number);
    const fill = starts.slice(0, n);
    const ids = new Int32Array(this.tokenCount);
    const { tokens, fileIds, fileEnds } = this;
    let t = 0;
    for (let f = 0; f < this.fileCount; f++) {
      const media = fileIds[f] as number;
      for (const end = fileEnds[f] as number; t < end; t++) ids[(fill[tokens[t] as number] as number)++] = media;
    }
    // the tokens are no longer needed: let them go before the caller writes the lists
    this.tokens = new Int32Array(0);
    this.fileIds = new Int32Array(0);
    this.fileEnds = new Int32Array(0);
    this.tokenCount = 0;
    this.fileCount = 0;
    for (let id = 0; id < n; id++) yield [this.words[id] as string, ids.subarray(starts[id], starts[id + 1])];
  }
}
