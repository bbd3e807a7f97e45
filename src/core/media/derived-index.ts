/**
 * The derived tables of a media index, computed from its files alone (no I/O): the word list with encoded
 * postings, the tag postings and the title order. The index writer hands the files over in chunks, in media id
 * order, while it writes the media rows; the builder may run in a thread of its own (index-thread-worker.ts) or
 * in the writer's thread (same code, same result). Every text crosses as one string joined by NUL (cheap to
 * copy between threads; file names, words and titles from names hold no NUL), every number list as a typed array.
 */
import { type EncodedLists, encodedLength, encodePostingsInto } from "./postings.ts";
import { titleSortKey } from "./title-order.ts";
import { KeyHalves, type KeyedIds, sortedIds } from "./title-order-halves.ts";
import { WordPostings } from "./word-postings.ts";

/** Consecutive files of an index run as the writer hands them over. */
export interface DerivedChunk {
  /** Media id of the first file; the others follow it. */
  first: number;
  /** File names joined by NUL (to cross to a thread), or as they are (built where they were collected). */
  names: string | string[];
  /** Per file: 1 when its name is taken whole (a store game's virtual folder). */
  whole: Uint8Array;
  /** Titles parsed from the names, joined by NUL or not, as `names` ("" where `named` gives the title). */
  titles: string | string[];
  /** Files (place in the chunk, ascending) the platform names, and those names (their title, and found by them). */
  namedAt: number[];
  named: string[];
  /** Per file: its tag set (number in the order the sets were first handed over), -1 when it has no tags. */
  tagSets: Int32Array;
  /** Tag sets first handed over in this chunk, numbered on from those of earlier chunks. */
  newSets: string[][];
}

/** A system's row in the index being written and its media id range. */
export interface SystemRange {
  row: number;
  first: number;
  last: number;
}

export type { EncodedLists };

/** The word and tag lists (handed back first: the writer stores them while the title order is sorted). */
export interface DerivedLists {
  /** Words in order of first appearance (their ids 1, 2, 3 …). */
  words: EncodedLists;
  /** Tags sorted by name (their ids 1, 2, 3 …). */
  tags: EncodedLists;
  /** Per tag, the system rows holding it: tag i's are `tagSystems[tagSystemEnds[i - 1] ?? 0 .. tagSystemEnds[i]]`. */
  tagSystemEnds: Int32Array;
  tagSystems: Int32Array;
  /** The lower half of the title order's keys (title-order-halves.ts), joined by NUL, and their ids: for the writer to sort. */
  lowerKeys: string;
  lowerIds: Int32Array;
  /** The lower half as built, when the lists stay in the thread that built them (no join and split). */
  lower?: KeyedIds;
  /** The builder kept no title keys: the writer sorts the title order from the rows it wrote (title-order-rows.ts). */
  titleOrderLeft?: true;
}

/** The lower half of the title order's keys handed back with the lists. */
export function lowerHalf(d: DerivedLists): KeyedIds {
  if (d.lower) return d.lower;
  return { keys: d.lowerIds.length > 0 ? d.lowerKeys.split("\0") : [], ids: d.lowerIds };
}

/** The buffers of the lists, to transfer rather than copy between threads. */
export function listBuffers(d: DerivedLists): ArrayBuffer[] {
  const all = [d.words.counts, d.words.ends, d.words.blob, d.tags.counts, d.tags.ends, d.tags.blob, d.tagSystemEnds, d.tagSystems, d.lowerIds];
  return all.map((a) => a.buffer as ArrayBuffer);
}

/** Media ids of one tag set, growable. */
interface IdList {
  ids: Int32Array;
  count: number;
}

export class DerivedIndexBuilder {
  /**
   * `titleOrder` false: no title keys are kept (nor sorted) here; the writer sorts the title order from its rows
   * afterwards, one half at a time (where the builder runs in the writer's thread: a copy of every title less
   * held through the run).
   */
  constructor(private readonly titleOrder = true) {}

  private readonly postings = new WordPostings();
  private readonly halves = new KeyHalves();
  /** Files added so far (the last media id). */
  private files = 0;
  private upper: KeyedIds | null = null;
  private readonly sets: string[][] = [];
  private readonly setIds: IdList[] = [];

  add(c: DerivedChunk): void {
    if (c.first !== this.files + 1) throw new Error(`derived index: chunk starts at ${c.first}, expected ${this.files + 1}`);
    for (const s of c.newSets) {
      this.sets.push(s);
      this.setIds.push({ ids: new Int32Array(16), count: 0 });
    }
    const names = typeof c.names === "string" ? c.names.split("\0") : c.names;
    const titles = typeof c.titles === "string" ? c.titles.split("\0") : c.titles;
    const { postings, setIds } = this;
    const keys = this.titleOrder ? new Array<string>(names.length) : null;
    this.files += names.length;
    let k = 0;
    for (let i = 0; i < names.length; i++) {
      const id = c.first + i;
      postings.addFile(names[i] as string, id, c.whole[i] === 1);
      let title = titles[i] as string;
      if (c.namedAt[k] === i) {
        title = c.named[k++] as string;
        postings.addFile(title, id, true); // found by its name too
      }
      if (keys) keys[i] = titleSortKey(title);
      const set = c.tagSets[i] as number;
      if (set >= 0) {
        const list = setIds[set] as IdList;
        if (list.count === list.ids.length) {
          const grown = new Int32Array(list.count * 2);
          grown.set(list.ids);
          list.ids = grown;
        }
        list.ids[list.count++] = id;
      }
    }
    if (keys) this.halves.add(keys);
  }

  /** The word and tag lists and the lower half of the title keys, once every file is added; then `upperOrder`. */
  lists(systems: readonly SystemRange[], crossing = true): DerivedLists {
    const words = this.postings.encoded();
    const tagLists = this.tagLists();
    const tags = encodeLists(tagLists);
    const tagSystemEnds = new Int32Array(tagLists.length);
    const rows: number[] = [];
    for (let t = 0; t < tagLists.length; t++) {
      const ids = (tagLists[t] as [string, Int32Array])[1];
      for (const s of systems) if (holdsIn(ids, s.first, s.last)) rows.push(s.row);
      tagSystemEnds[t] = rows.length;
    }
    const [lower, upper] = this.halves.halves();
    this.upper = upper;
    const tagSystems = Int32Array.from(rows);
    if (!this.titleOrder) return { words, tags, tagSystemEnds, tagSystems, lowerKeys: "", lowerIds: lower.ids, titleOrderLeft: true };
    if (!crossing) return { words, tags, tagSystemEnds, tagSystems, lowerKeys: "", lowerIds: lower.ids, lower };
    return { words, tags, tagSystemEnds, tagSystems, lowerKeys: lower.keys.join("\0"), lowerIds: lower.ids };
  }

  /** The ids of the upper half of the title order, sorted (title-order-halves.ts); the builder is spent afterwards. */
  upperOrder(lean = false): Int32Array {
    const upper = this.upper ?? { keys: [], ids: new Int32Array(0) };
    this.upper = null;
    const ids = sortedIds(upper, lean);
    return ids;
  }

  /** Each tag with its media ids (ascending), sorted by tag. */
  private tagLists(): Array<[string, Int32Array]> {
    const counts = new Map<string, number>();
    this.sets.forEach((tags, s) => {
      const n = (this.setIds[s] as IdList).count;
      if (n > 0) for (const t of tags) counts.set(t, (counts.get(t) ?? 0) + n);
    });
    const lists = new Map<string, IdList>();
    for (const [t, n] of counts) lists.set(t, { ids: new Int32Array(n), count: 0 });
    this.sets.forEach((tags, s) => {
      const from = this.setIds[s] as IdList;
      const ids = from.ids.subarray(0, from.count);
      for (const t of tags) {
        const list = lists.get(t);
        if (!list || ids.length === 0) continue;
        list.ids.set(ids, list.count);
        list.count += ids.length;
      }
    });
    this.sets.length = 0;
    this.setIds.length = 0;
    // a tag's ids come from several sets, each ascending: one numeric sort puts them in order (a set's tags are
    // distinct, so no id is listed twice)
    for (const list of lists.values()) list.ids.sort();
    return [...lists].map(([t, l]): [string, Int32Array] => [t, l.ids]).sort((a, b) => (a[0] < b[0] ? -1 : 1));
  }
}

/** The lists encoded into one blob of the exact size (no grown buffer and trimmed copy beside it). */
function encodeLists(lists: ReadonlyArray<[string, Int32Array]>): EncodedLists {
  let size = 0;
  for (const [, ids] of lists) size += encodedLength(ids);
  const blob = new Uint8Array(size);
  const counts = new Int32Array(lists.length);
  const ends = new Int32Array(lists.length);
  let at = 0;
  lists.forEach(([, ids], i) => {
    at = encodePostingsInto(ids, blob, at);
    counts[i] = ids.length;
    ends[i] = at;
  });
  return { names: lists.map(([name]) => name).join("\0"), counts, ends, blob };
}

/** Whether the ascending `ids` hold one in first..last. */
function holdsIn(ids: Int32Array, first: number, last: number): boolean {
  let lo = 0;
  let hi = ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((ids[mid] as number) < first) lo = mid + 1;
    else hi = mid;
  }
  return lo < ids.length && (ids[lo] as number) <= last;
}
