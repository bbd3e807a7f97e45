/**
 * How well a found file's tags agree with the requested tag filters, as the reference's selection judges it in
 * memory: a filter whose tag type the file lacks is neutral (missing metadata is not a conflict).
 */
import type { MediaResult, TagFilter } from "./types.ts";

export interface GroupedFilters {
  readonly and: TagFilter[];
  readonly not: TagFilter[];
  readonly or: TagFilter[];
}

/** Splits filters by operator; anything that is neither NOT nor OR counts as AND. */
export function groupTagFiltersByOperator(filters: readonly TagFilter[]): GroupedFilters {
  const grouped: GroupedFilters = { and: [], not: [], or: [] };
  for (const f of filters) {
    if (f.operator === "NOT") grouped.not.push(f);
    else if (f.operator === "OR") grouped.or.push(f);
    else grouped.and.push(f);
  }
  return grouped;
}

/** A file's tags as type → set of values (multi-valued types keep every value). */
export function tagValueSets(result: MediaResult): Map<string, Set<string>> {
  const sets = new Map<string, Set<string>>();
  for (const t of result.tags) {
    let values = sets.get(t.type);
    if (!values) {
      values = new Set();
      sets.set(t.type, values);
    }
    values.add(t.tag);
  }
  return sets;
}

function has(sets: Map<string, Set<string>>, f: TagFilter): boolean {
  return sets.get(f.type)?.has(f.value) ?? false;
}

/** True when no AND filter conflicts (present type, other value), no NOT filter holds, and some OR filter holds. */
export function hasAllTags(result: MediaResult, filters: readonly TagFilter[]): boolean {
  if (filters.length === 0) return true;
  const sets = tagValueSets(result);
  const { and, not, or } = groupTagFiltersByOperator(filters);
  for (const f of and) {
    const values = sets.get(f.type);
    if (values && !values.has(f.value)) return false;
  }
  for (const f of not) if (has(sets, f)) return false;
  if (or.length > 0 && !or.some((f) => has(sets, f))) return false;
  return true;
}

/** Files that pass {@link hasAllTags}, in order. */
export function filterByTags(results: readonly MediaResult[], filters: readonly TagFilter[]): MediaResult[] {
  return results.filter((r) => hasAllTags(r, filters));
}

const NO_TAGS_CONFIDENCE = 0.65;
const CONFLICT_PENALTY = 0.2;

/**
 * Tag confidence in [0, 1]: 1 without filters or without applicable ones, 0.65 for a file with no tags at all,
 * otherwise matched / applicable minus 0.2 per conflict (a NOT filter that holds counts as two conflicts).
 */
export function calculateTagMatchConfidence(result: MediaResult, filters: readonly TagFilter[]): number {
  if (filters.length === 0) return 1;
  const sets = tagValueSets(result);
  if (sets.size === 0) return NO_TAGS_CONFIDENCE;
  const { and, not, or } = groupTagFiltersByOperator(filters);
  let matched = 0;
  let conflicts = 0;
  let applicableAnd = 0;
  for (const f of and) {
    const values = sets.get(f.type);
    if (!values) continue;
    applicableAnd++;
    if (values.has(f.value)) matched++;
    else conflicts++;
  }
  for (const f of not) {
    if (has(sets, f)) conflicts += 2;
    else matched++;
  }
  if (or.length > 0) {
    if (or.some((f) => has(sets, f))) matched++;
    else conflicts++;
  }
  const total = applicableAnd + not.length + (or.length > 0 ? 1 : 0);
  if (total === 0) return 1;
  const confidence = matched / total - conflicts * CONFLICT_PENALTY;
  return Math.min(1, Math.max(0, confidence));
}
