import { BitsetCache } from "../../core/media/bitset-cache.ts";
import { andBits, bitsetWords, orBits, orPostings } from "../../core/media/postings.ts";
import { type ListedWord, WordList } from "../../core/media/word-list.ts";
import { editDistance, typoAllowance, typoTrigrams } from "../../core/media/edit-distance.ts";
import { ftsLiteral, TRIGRAM_MIN } from "../../core/media/words.ts";
import type { SqlDatabase } from "../../runtime/types.ts";

interface WordRow {
  id: number;
  count: number;
  /** The index word starts with the query word (SQLite answers 0/1). */
  start: boolean | number;
}

interface QueryWord {
  word: string;
  rows: WordRow[];
  weight: number;
}

/**
 * Which media of one open index file hold every word of a query, as a bitset over the media ids: each query
 * word's media (the union over the index words containing it, found through the trigram index) intersected with
 * the others', rarest first. The caches belong to that file: a new file gets a new matcher.
 */
export class WordMatcher {
  /** Two bitsets over the media ids, reused by every search: the result so far and one word's matches. */
  private scratch: [Int32Array, Int32Array, Int32Array] | null = null;
  /** The query words of the last `matching` call, for `startMatching`. */
  private last: QueryWord[] = [];
  private readonly cache: BitsetCache;
  /** The index words for short query words: loaded at the first one; null when too many for memory. */
  private wordList: WordList | null | undefined;

  constructor(
    private readonly db: SqlDatabase,
    private readonly totalMedia: number,
    cacheBytes: number,
    /** Characters of index words kept in memory for short query words; beyond, a pass in SQL. */
    private readonly wordListChars: number,
  ) {
    this.cache = new BitsetCache(cacheBytes);
  }

  /** Lets go of what searches kept (bitsets, the short-word list): a quiet moment's cleanup; the next search makes them again. */
  dropCaches(): void {
    this.scratch = null;
    this.cache.clear();
    this.wordList = undefined;
  }

  /** The bitset of the media whose name holds every word (a reused buffer); `null` when there are no words. */
  matching(words: readonly string[]): Int32Array | null {
    if (words.length === 0) return null;
    const perWord = words.map((word) => {
      const rows = this.wordsContaining(word);
      return { word, rows, weight: rows.reduce((n, r) => n + r.count, 0) };
    });
    perWord.sort((a, b) => a.weight - b.weight); // the rarest word first: an empty match ends the search
    this.last = perWord;
    const size = bitsetWords(this.totalMedia);
    this.scratch ??= [new Int32Array(size), new Int32Array(size), new Int32Array(size)];
    const [result, scratch] = this.scratch;
    if ((perWord[0]?.weight ?? 0) === 0) return result.fill(0);
    for (const [i, { word, rows, weight }] of perWord.entries()) {
      if (i === 0) {
        const bits = this.queryWordBits(word, rows, weight, result);
        if (bits !== result) result.set(bits);
      } else {
        andBits(result, this.queryWordBits(word, rows, weight, scratch));
      }
    }
    return result;
  }

  /**
   * After `matching`: the media whose name has, for every query word, a word starting with it (a subset of
   * what `matching` returned; that very bitset when every match already starts a word). A reused buffer.
   */
  startMatching(): Int32Array {
    const [matched, scratch, result] = this.scratch as [Int32Array, Int32Array, Int32Array];
    if (this.last.every((q) => q.rows.every((r) => r.start))) return matched;
    result.set(matched);
    for (const { word, rows } of this.last) {
      if (rows.every((r) => r.start)) continue;
      const starting = rows.filter((r) => r.start);
      if (starting.length === 0) return result.fill(0);
      andBits(result, this.queryWordBits(`\u0001${word}`, starting, starting.reduce((n, r) => n + r.count, 0), scratch));
    }
    return result;
  }

  /** The query words of the last `matching` call that no index word contains. */
  unmatched(): string[] {
    return this.last.filter((q) => q.rows.length === 0).map((q) => q.word);
  }

  /**
   * The index word a mistyped word most likely meant: sharing a three-letter piece with it and within its typing
   * allowance, the closest, then the most common, then the first alphabetically; null when none is.
   */
  closestWord(word: string): string | null {
    const pieces = typoTrigrams(word);
    if (pieces.length === 0) return null;
    const limit = typoAllowance(word.length);
    const rows = this.db
      .prepare("SELECT word, count FROM words WHERE id IN (SELECT rowid FROM words_fts WHERE words_fts MATCH ? LIMIT 50000)")
      .all<{ word: string; count: number }>(pieces.map(ftsLiteral).join(" OR "));
    let best: { word: string; count: number; distance: number } | null = null;
    for (const r of rows) {
      if (Math.abs(r.word.length - word.length) > limit) continue;
      const distance = editDistance(word, r.word, limit);
      if (distance > limit) continue;
      if (!best || distance < best.distance || (distance === best.distance && (r.count > best.count || (r.count === best.count && r.word < best.word)))) best = { ...r, distance };
    }
    return best?.word ?? null;
  }

  /** Index words containing `word` (ids, how many media hold each, whether they start with it). */
  private wordsContaining(word: string): WordRow[] {
    if (word.length >= TRIGRAM_MIN) {
      return this.db.prepare("SELECT w.id AS id, w.count AS count, instr(w.word, ?) = 1 AS start FROM words w WHERE w.id IN (SELECT rowid FROM words_fts WHERE words_fts MATCH ?)").all<WordRow>(word, ftsLiteral(word));
    }
    // shorter than a trigram: a pass over the distinct words (not over the media), in memory when they fit
    if (this.wordList === undefined) {
      this.wordList = WordList.build(this.db.prepare("SELECT id, word, count FROM words ORDER BY id").all<ListedWord>(), this.wordListChars) ?? null;
    }
    return this.wordList?.containing(word) ?? this.db.prepare("SELECT id, count, instr(word, ?) = 1 AS start FROM words WHERE instr(word, ?) > 0").all<WordRow>(word, word);
  }

  /** Whether a set of `weight` media is worth a cached bitset (one in 32 media: no larger than its ids). */
  private common(weight: number): boolean {
    return weight * 32 >= this.totalMedia;
  }

  private encoded(wordId: number): Uint8Array {
    return this.db.prepare("SELECT postings FROM words WHERE id = ?").get<{ postings: Uint8Array }>(wordId)?.postings ?? new Uint8Array(0);
  }

  /** The bitset of one index word when it is common (cached), else undefined. */
  private commonWordBits(row: WordRow, size: number): Int32Array | undefined {
    if (!this.common(row.count)) return undefined;
    let bits = this.cache.get(row.id);
    if (!bits) {
      bits = new Int32Array(size);
      orPostings(this.encoded(row.id), row.count, bits);
      this.cache.set(row.id, bits);
    }
    return bits;
  }

  /** Sets in `into` the media of every index word row (the lists of rare words read in one query). */
  private orWords(rows: readonly WordRow[], into: Int32Array): void {
    const rare: WordRow[] = [];
    for (const r of rows) {
      const common = this.commonWordBits(r, into.length);
      if (common) orBits(into, common);
      else rare.push(r);
    }
    if (rare.length === 1) {
      const r = rare[0] as WordRow;
      orPostings(this.encoded(r.id), r.count, into);
    } else if (rare.length > 1) {
      const lists = this.db
        .prepare("SELECT count, postings FROM words WHERE id IN (SELECT value FROM json_each(?))")
        .all<{ count: number; postings: Uint8Array }>(JSON.stringify(rare.map((r) => r.id)));
      for (const l of lists) orPostings(l.postings, l.count, into);
    }
  }

  /**
   * The media of a query word (the union over the index words containing it), as a bitset: a cached one when
   * it is common, else `into` filled in. The returned bitset is only read.
   */
  private queryWordBits(word: string, rows: readonly WordRow[], weight: number, into: Int32Array): Int32Array {
    if (rows.length === 1) return this.commonWordBits(rows[0] as WordRow, into.length) ?? this.filled(rows, into);
    if (!this.common(weight)) return this.filled(rows, into);
    let bits = this.cache.get(word);
    if (!bits) {
      bits = this.filled(rows, new Int32Array(into.length));
      this.cache.set(word, bits);
    }
    return bits;
  }

  private filled(rows: readonly WordRow[], into: Int32Array): Int32Array {
    into.fill(0);
    this.orWords(rows, into);
    return into;
  }
}
