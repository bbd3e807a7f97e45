import { rowTitleKey } from "../../core/media/row-names.ts";
import { SAMPLE_STEP } from "../../core/media/title-order.ts";
import type { SqlDatabase } from "../../runtime/types.ts";

/**
 * The titles at every SAMPLE_STEP-th place of the title order (title-order.ts `sampledLowerBound`), stored in
 * the index's meta table under this key when the index is written: `{"step": 64, "keys": [...]}`. The places
 * are scattered over the whole media table, so reading them from there at the first search would touch most of
 * its pages (a 250k index: ~3,900 rows on ~5,900 pages, ~23 MB in the RSS once mapped); stored, ~75 KB.
 */
export const TITLE_SAMPLES_KEY = "title_samples";

/** The sample title keys of `order` read from its media rows (what the index writer stores). */
export function sampleTitleKeys(db: SqlDatabase, order: Int32Array): string[] {
  const sampled: number[] = [];
  for (let p = 0; p < order.length; p += SAMPLE_STEP) sampled.push(order[p] as number);
  const titles = new Map(
    db
      .prepare("SELECT id, file, title FROM media WHERE id IN (SELECT value FROM json_each(?))")
      .all<{ id: number; file: string; title: string | null }>(JSON.stringify(sampled))
      .map((r) => [r.id, rowTitleKey(r.file, r.title)]),
  );
  return sampled.map((id) => titles.get(id) ?? "");
}

/** The meta value of an order's samples. */
export function encodeTitleSamples(keys: readonly string[]): string {
  return JSON.stringify({ step: SAMPLE_STEP, keys });
}

/** The samples of `order`: as stored with the index, else (an index written before they were) from its rows. */
export function readTitleSamples(db: SqlDatabase, order: Int32Array): string[] {
  const stored = db.prepare("SELECT value FROM meta WHERE key = ?").get<{ value: string }>(TITLE_SAMPLES_KEY);
  if (stored) {
    try {
      const { step, keys } = JSON.parse(stored.value) as { step: unknown; keys: unknown };
      const wanted = Math.ceil(order.length / SAMPLE_STEP);
      if (step === SAMPLE_STEP && Array.isArray(keys) && keys.length === wanted && keys.every((k) => typeof k === "string")) return keys as string[];
    } catch {}
  }
  return sampleTitleKeys(db, order);
}
