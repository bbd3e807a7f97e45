/**
 * The distinct words of an index in one string, "\n" between them, to find the words holding a short query
 * word (shorter than a trigram) with the native indexOf instead of a pass of SQL over every word row. Index
 * words hold no white space and neither do query words, so a match never spans two words.
 */
export interface ListedWord {
  id: number;
  word: string;
  count: number;
}

export class WordList {
  private constructor(
    private readonly text: string,
    /** Where each word starts in `text`, ascending. */
    private readonly starts: Int32Array,
    private readonly ids: Int32Array,
    private readonly counts: Int32Array,
  ) {}

  /** The list of `words`, or undefined when their text exceeds `maxChars` (the caller falls back to SQL). */
  static build(words: Iterable<ListedWord>, maxChars: number): WordList | undefined {
    const parts: string[] = [];
    const starts: number[] = [];
    const ids: number[] = [];
    const counts: number[] = [];
    let chars = 0;
    for (const w of words) {
      starts.push(chars);
      ids.push(w.id);
      counts.push(w.count);
      parts.push(w.word);
      chars += w.word.length + 1;
      if (chars > maxChars) return undefined;
    }
    return new WordList(parts.join("\n"), Int32Array.from(starts), Int32Array.from(ids), Int32Array.from(counts));
  }

  /** Bytes held, roughly (text as one byte per char, three Int32Arrays). */
  get bytes(): number {
    return this.text.length + this.starts.byteLength * 3;
  }

  /** The words containing `fragment` (non-empty, no white space), each once, in list order; `start`: the word starts with it. */
  containing(fragment: string): Array<{ id: number; count: number; start: boolean }> {
    const out: Array<{ id: number; count: number; start: boolean }> = [];
    const { text, starts } = this;
    let at = text.indexOf(fragment);
    while (at >= 0) {
      // the word holding position `at`: the last start ≤ at
      let lo = 0;
      let hi = starts.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >>> 1;
        if ((starts[mid] as number) <= at) lo = mid;
        else hi = mid - 1;
      }
      // the first occurrence in a word: at its start exactly when the word starts with the fragment
      out.push({ id: this.ids[lo] as number, count: this.counts[lo] as number, start: at === starts[lo] });
      at = lo + 1 < starts.length ? text.indexOf(fragment, starts[lo + 1] as number) : -1;
    }
    return out;
  }
}
