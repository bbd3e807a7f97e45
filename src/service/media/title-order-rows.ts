import { rowTitleKey } from "../../core/media/row-names.ts";
import { readTitleOrder } from "../../core/media/title-order.ts";
import { firstUnit, joinHalves, medianPivot, sortedIds } from "../../core/media/title-order-halves.ts";
import type { SqlDatabase } from "../../runtime/types.ts";

/** The media ids in title order and each id's place in it (`rank[id]`). */
export interface TitleOrder {
  order: Int32Array;
  rank: Int32Array;
}

/** The title order an index file stores (with its ranks, where it has them: title-order.ts readTitleOrder). */
export function readStoredTitleOrder(db: SqlDatabase): TitleOrder {
  const row = db.prepare("SELECT ids, ranks FROM title_order WHERE id = 1").get<{ ids: Uint8Array; ranks: Uint8Array | null }>();
  return readTitleOrder(row?.ids ?? new Uint8Array(0), row?.ranks);
}

/** The first rows whose keys choose the pivot (as title-order-halves.ts KeyHalves does). */
const PIVOT_SAMPLE = 8192;
/** Media rows read at a time: few enough that each page's row objects die young (not promoted to the old generation). */
const PAGE = 2048;

/**
 * The title order blob (title-order.ts) of the media rows 1..count just written to `db`, sorted one half at a
 * time (title-order-halves.ts): only one half's keys are held, and only while it is sorted, instead of a key
 * for every file through the whole run. For the runtimes that build the derived tables in the writer's thread
 * (Node on MiSTer, where memory is the limit); the rows' titles are the titles the keys are made from.
 */
export function titleOrderFromRows(db: SqlDatabase, count: number): Uint8Array {
  const page = db.prepare("SELECT file, title FROM media WHERE id BETWEEN ? AND ? ORDER BY id");
  const read = (from: number) => page.all<{ file: string; title: string | null }>(from, Math.min(count, from + PAGE - 1));
  const sample: string[] = [];
  for (let from = 1; from <= Math.min(count, PIVOT_SAMPLE); from += PAGE) for (const r of read(from)) sample.push(rowTitleKey(r.file, r.title));
  const pivot = medianPivot(sample);
  sample.length = 0;
  const half = (lower: boolean): Int32Array => {
    const keys: string[] = [];
    let ids = new Int32Array(1024);
    for (let from = 1; from <= count; from += PAGE) {
      const rows = read(from);
      for (let i = 0; i < rows.length; i++) {
        const row = rows[i] as { file: string; title: string | null };
        const key = rowTitleKey(row.file, row.title);
        if (firstUnit(key) < pivot !== lower) continue;
        if (keys.length === ids.length) {
          const grown = new Int32Array(ids.length * 2);
          grown.set(ids);
          ids = grown;
        }
        ids[keys.length] = from + i; // the rows are numbered 1..count (checked by the writer)
        keys.push(key);
      }
    }
    return sortedIds({ keys, ids: ids.subarray(0, keys.length) }, true);
  };
  const lower = half(true);
  return joinHalves(lower, half(false));
}
