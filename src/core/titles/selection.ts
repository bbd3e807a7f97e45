/**
 * Choosing one file among those a strategy found, in the reference's order of preferences: the requested tags,
 * main games over variants, originals over re-releases, preferred regions, preferred languages, the launchers'
 * file types, then the file-name tie-break. Confidence = the strategy's match quality × the chosen file's tag
 * confidence. `rule` names the step that decided, for the dry-run trace.
 */
import { calculateTagMatchConfidence, filterByTags } from "./tag-match.ts";
import {
  filterByFileTypePriority,
  filterByPreferredLanguages,
  filterByPreferredRegions,
  filterOutRereleases,
  filterOutVariants,
  hasVariantTagFilter,
} from "./narrowing.ts";
import { selectByQualityScore } from "./tiebreak.ts";
import type { MediaResult, TagFilter } from "./types.ts";

export type SelectionRule =
  | "single_result"
  | "tag_filter"
  | "main_game"
  | "all_variants_rejected"
  | "original_release"
  | "preferred_region"
  | "preferred_language"
  | "file_type_priority"
  | "quality_score";

export interface SelectionPreferences {
  readonly regions: readonly string[];
  readonly langs: readonly string[];
  /** One list per launcher of the system, each in that launcher's own preference order. */
  readonly launcherExtensions?: readonly (readonly string[])[];
}

export interface Selection {
  /** Undefined only when every candidate was a variant (confidence 0). */
  readonly result: MediaResult | undefined;
  readonly confidence: number;
  readonly rule: SelectionRule;
  /** Candidates left when the rule decided. */
  readonly remaining: number;
}

export function selectBestResult(
  results: readonly MediaResult[],
  filters: readonly TagFilter[],
  prefs: SelectionPreferences,
  matchQuality: number,
): Selection {
  const pick = (result: MediaResult, rule: SelectionRule, remaining: number): Selection => ({
    result,
    confidence: matchQuality * calculateTagMatchConfidence(result, filters),
    rule,
    remaining,
  });
  let current: readonly MediaResult[] = results;
  const only = (xs: readonly MediaResult[]): MediaResult | undefined => (xs.length === 1 ? xs[0] : undefined);

  const single = only(current);
  if (single) return pick(single, "single_result", 1);

  if (filters.length > 0) {
    const tagged = filterByTags(current, filters);
    const one = only(tagged);
    if (one) return pick(one, "tag_filter", 1);
    if (tagged.length > 0) current = tagged;
  }

  if (!hasVariantTagFilter(filters)) {
    const mains = filterOutVariants(current);
    const one = only(mains);
    if (one) return pick(one, "main_game", 1);
    if (mains.length > 0) current = mains;
    else if (current.length > 0) return { result: undefined, confidence: 0, rule: "all_variants_rejected", remaining: 0 };
  }

  const steps: [SelectionRule, (xs: readonly MediaResult[]) => MediaResult[]][] = [
    ["original_release", filterOutRereleases],
    ["preferred_region", (xs) => filterByPreferredRegions(xs, prefs.regions)],
    ["preferred_language", (xs) => filterByPreferredLanguages(xs, prefs.langs)],
  ];
  const launchers = prefs.launcherExtensions ?? [];
  if (launchers.length > 0) steps.push(["file_type_priority", (xs) => filterByFileTypePriority(xs, launchers)]);
  for (const [rule, narrow] of steps) {
    const kept = narrow(current);
    const one = only(kept);
    if (one) return pick(one, rule, 1);
    if (kept.length > 0) current = kept;
  }

  const best = selectByQualityScore(current);
  if (!best) return { result: undefined, confidence: 0, rule: "quality_score", remaining: 0 };
  return pick(best, "quality_score", current.length);
}
