/**
 * The title order (title-order.ts `titleOrderBlob`: media ids by title key, ties by id) sorted in two halves at
 * once: the keys split by their first UTF-16 code unit at a pivot, so that every key of the lower half sorts
 * before every key of the upper half; each half is sorted on its own (one in each thread) and the id lists
 * put end to end give the same blob as one sort. Pure.
 */
import { idsByKey, SAMPLE_STEP } from "./title-order.ts";

/** Keys (`titleSortKey`) of a part of the media, with their ids. */
export interface KeyedIds {
  keys: string[];
  ids: Int32Array;
}

/** The first code unit of a key (0 for the empty key, which sorts first). */
export function firstUnit(key: string): number {
  return key.length > 0 ? key.charCodeAt(0) : 0;
}

/**
 * A pivot parting keys like `keys` into halves of about the same size: their median first code unit (at least 1);
 * `lowerShare`: the part of them the lower half holds instead (a quantile).
 */
export function medianPivot(keys: readonly string[], lowerShare = 0.5): number {
  const units = Int32Array.from(keys, firstUnit).sort();
  return Math.max(1, (units[Math.floor(units.length * lowerShare)] as number | undefined) ?? 1);
}

/**
 * The keys of consecutive media ids (1, 2, 3 …) parted as they come: those whose first code unit is below the
 * pivot, and the others. The pivot is the median first code unit of the first keys added (any pivot gives the
 * same order; a median one gives halves of about the same size).
 */
export class KeyHalves {
  /** `lowerShare`: about the part of the keys the lower half gets (its pivot a quantile of the first keys added). */
  constructor(private readonly lowerShare = 0.5) {}

  private pivot = -1;
  private next = 1;
  private readonly parts: Array<{ keys: string[]; ids: Int32Array }> = [
    { keys: [], ids: new Int32Array(1024) },
    { keys: [], ids: new Int32Array(1024) },
  ];

  /** Adds the keys of the next ids. */
  add(keys: readonly string[]): void {
    if (keys.length === 0) return;
    if (this.pivot < 0) this.pivot = medianPivot(keys, this.lowerShare);
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

/** A key with its id, sorted by the key: the default sort compares what `toString` gives. */
class KeyedId {
  constructor(
    readonly key: string,
    readonly id: number,
  ) {}

  toString(): string {
    return this.key;
  }
}

/**
 * The ids of a part in title order (ties by id; the part's ids ascend, as KeyHalves hands them). `lean`: title-order.ts
 * `idsByKey`, without an object per key: slower, and less at the peak, for the runtimes that sort in the indexing
 * thread itself (Node on MiSTer, where memory is the limit). `sampled` (not lean): the keys at every SAMPLE_STEP-th
 * place of the whole order are added to its `keys`, the part's first place being `at` (title-samples.ts).
 */
export function sortedIds(part: KeyedIds, lean = false, sampled?: { at: number; keys: string[] }): Int32Array {
  if (lean) return idsByKey(part.keys, part.ids);
  // one sort without a comparator (the engine's fast path: the keys compared natively, by UTF-16 code units, as
  // `<` does) of an object per key that gives its key as its string; the sort is stable, so equal keys keep
  // their ascending ids. About half the time of keys tagged with their ids (a new string each to flatten).
  const n = part.keys.length;
  const keyed = new Array<KeyedId>(n);
  for (let i = 0; i < n; i++) keyed[i] = new KeyedId(part.keys[i] as string, part.ids[i] as number);
  keyed.sort();
  if (sampled) for (let i = (SAMPLE_STEP - (sampled.at % SAMPLE_STEP)) % SAMPLE_STEP; i < n; i += SAMPLE_STEP) sampled.keys.push((keyed[i] as KeyedId).key);
  const out = new Int32Array(n);
  for (let i = 0; i < n; i++) out[i] = (keyed[i] as KeyedId).id;
  return out;
}

/** The title_order blob from the two halves' sorted ids. */
export function joinHalves(lower: Int32Array, upper: Int32Array): Uint8Array {
  const ids = new Int32Array(lower.length + upper.length);
  ids.set(lower);
  ids.set(upper, lower.length);
  return new Uint8Array(ids.buffer);
}
