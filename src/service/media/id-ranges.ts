/** The media id ranges of an index's systems: joined for a search, and which one holds an id. */

/** What idRanges reads of an indexed system: its media ids, first to last. */
export interface IdSpan {
  first: number;
  last: number;
}

/** The id ranges of systems, ascending, those that follow on from each other joined; empty systems left out. */
export function idRanges(systems: readonly IdSpan[]): Array<readonly [number, number]> {
  const sorted = systems.filter((s) => s.first <= s.last).sort((a, b) => a.first - b.first);
  const out: Array<[number, number]> = [];
  for (const s of sorted) {
    const last = out[out.length - 1];
    if (last && s.first <= last[1] + 1) last[1] = Math.max(last[1], s.last);
    else out.push([s.first, s.last]);
  }
  return out;
}

/** The place in `spans` (ascending, not overlapping, as an index's systems are) of the last one starting at or before `id`. */
export function spanHolding(spans: readonly IdSpan[], id: number): number {
  let lo = 0;
  let hi = spans.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if ((spans[mid] as IdSpan).first <= id) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
