/**
 * The title order (title-order.ts `titleOrderBlob`: media ids by title key, ties by id) sorted in two halves at
 * once: the keys split by their first UTF-16 code unit at a pivot, so that every key of the lower half sorts
 * before every key of the upper half; each half is sorted on its own (one in each thread) and the id lists
 * put end to end give the same blob as one sort. Pure.
 */
import { idsByKey } from "./title-order.ts";

/** Keys (`titleSortKey`) of a part of the media, with their ids. */
export interface KeyedIds {
  keys: string[];
  ids: Int32Array;
}

/** The first code unit of a key (0 for the empty key, which sorts first). */
export function firstUnit(key: string): number {
  return key.length > 0 ? key.charCodeAt(0) : 0;
}

/** A pivot parting keys like `keys` into halves of about the same size: their median first code unit (at least 1). */
export function medianPivot(keys: readonly string[]): number {
  const units = Int32Array.from(keys, firstUnit).sort();
  return Math.max(1, (units[units.length >>> 1] as number | undefined) ?? 1);
}

/**
 * The keys of consecutive media ids (1, 2, 3 …) parted as they come: those whose first code unit is below the
 * pivot, and the others. The pivot is the median first code unit of the first keys added (any pivot gives the
 * same order; a median one gives halves of about the same size).
 */
export class KeyHalves {
  private pivot = -1;
  private next = 1;
  private readonly parts: Array<{ keys: string[]; ids: Int32Array }> = [
    { keys: [], ids: new Int32Array(1024) },
    { keys: [], ids: new Int32Array(1024) },
  ];

  /** Adds the keys of the next ids. */
  add(keys: readonly string[]): void {
    if (keys.length === 0) return;
    if (this.pivot < 0) this.pivot = medianPivot(keys);
    for (const key of keys) {
      const part = this.parts[firstUnit(key) < this.pivot ? 0 : 1] as { keys: string[]; ids: Int32Array };
      const n = part.keys.length;
      if (n === part.ids.length) {
        const grown = new Int32Array(n * 2);
        grown.set(part.ids);
        part.ids = grown;
      }
      part.ids[n] = this.next++;
      part.keys.push(key);
    }
  }

  /** The lower and the upper half; the parts are handed over. */
  halves(): [KeyedIds, KeyedIds] {
    const [lower, upper] = this.parts.map((p) => ({ keys: p.keys, ids: p.ids.slice(0, p.keys.length) })) as [KeyedIds, KeyedIds];
    this.parts.length = 0;
    return [lower, upper];
  }
}

/**
 * The ids of a part in title order (ties by id; the part's ids ascend, as KeyHalves hands them). `lean`: title-order.ts
 * `idsByKey`, without a tagged copy of every key: slower, and about a copy of the keys less at the peak, for the runtimes that
 * sort in the indexing thread itself (Node on MiSTer, where memory is the limit).
 */
export function sortedIds(part: KeyedIds, lean = false): Int32Array {
  if (lean) return idsByKey(part.keys, part.ids);
  // one native sort (no comparator: the fast path) of the keys each followed by NUL and its id in two UTF-16
  // code units: NUL sorts before any character a title holds, so the title decides first and the id breaks ties
  const n = part.keys.length;
  const tagged = new Array<string>(n);
  for (let i = 0; i < n; i++) {
    const id = part.ids[i] as number;
    tagged[i] = `${part.keys[i]}\0${String.fromCharCode(id >>> 16, id & 0xffff)}`;
  }
  tagged.sort();
  const out = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const k = tagged[i] as string;
    out[i] = (k.charCodeAt(k.length - 2) << 16) | k.charCodeAt(k.length - 1);
  }
  return out;
}

/** The title_order blob from the two halves' sorted ids. */
export function joinHalves(lower: Int32Array, upper: Int32Array): Uint8Array {
  const ids = new Int32Array(lower.length + upper.length);
  ids.set(lower);
  ids.set(upper, lower.length);
  return new Uint8Array(ids.buffer);
}
