/**
 * Title resolution (`@System/Title`, `launch.title`): reads tag filters out of the title, then tries the
 * reference's strategies in its order — exact slug with the tags, exact slug, secondary title, shared secondary
 * title, fuzzy, main title only, progressive trim — and selects one file from the first strategy that yields a
 * candidate. Every step is recorded in `trace` for dry runs. The reference's slug-resolution cache is not modelled:
 * it only replays an earlier answer of this same procedure.
 */
import {
  CONFIDENCE_HIGH,
  CONFIDENCE_MINIMUM,
  MATCH_QUALITY_EXACT,
  MATCH_QUALITY_MAIN_TITLE,
  MATCH_QUALITY_PROGRESSIVE_TRIM,
  MATCH_QUALITY_SECONDARY_TITLE,
  STRATEGY,
  type StrategyName,
} from "./constants.ts";
import { type MediaType, slugify } from "./slug-fns.ts";
import { parseFilenameTags } from "./tag-fns.ts";
import { tryAdvancedFuzzyMatching } from "./fuzzy-strategy.ts";
import { generateMatchInfo } from "./match-info.ts";
import { extractCanonicalTagsFromParens, mergeTagFilters } from "./query-tags.ts";
import { type Selection, type SelectionPreferences, selectBestResult } from "./selection.ts";
import {
  type StrategyContext,
  type StrategyOutcome,
  tryMainTitleOnly,
  tryProgressiveTrim,
  trySecondaryTitleExact,
  trySharedSecondaryTitle,
} from "./strategies.ts";
import type { MediaResult, TagFilter, TitleQueries } from "./types.ts";

export interface ResolveParams {
  readonly systemId: string;
  /** The title as written after "System/", tags and all. */
  readonly gameName: string;
  readonly mediaType: MediaType;
  /** Filters from the command's advanced arguments; they win over tags read from the title, per type. */
  readonly additionalTags?: readonly TagFilter[];
  /** Preferred regions / languages (config `[media] default_regions` / `default_langs`, or their defaults). */
  readonly preferences: { readonly regions: readonly string[]; readonly langs: readonly string[] };
  /** Extensions of each launcher of the system, each in its launcher's order, to prefer file types. */
  readonly launcherExtensions?: readonly (readonly string[])[];
}

export type ResolveFailure = "no_match" | "low_confidence" | "empty_slug";

export type ResolveOutcome =
  | {
      readonly ok: true;
      readonly media: MediaResult;
      readonly strategy: StrategyName;
      readonly confidence: number;
      readonly trace: readonly string[];
    }
  | {
      readonly ok: false;
      readonly reason: ResolveFailure;
      /** The best candidate's confidence for "low_confidence". */
      readonly confidence?: number;
      readonly trace: readonly string[];
    };

interface Candidate {
  readonly media: MediaResult;
  readonly strategy: StrategyName;
  readonly confidence: number;
}

function describeFilters(filters: readonly TagFilter[]): string {
  if (filters.length === 0) return "none";
  const prefix = { AND: "", NOT: "-", OR: "~" } as const;
  return filters.map((f) => `${prefix[f.operator] ?? ""}${f.type}:${f.value}`).join(", ");
}

function describeSelection(s: Selection, quality: number, candidates: number): string {
  const chosen = s.result ? `"${s.result.path}"` : "nothing";
  return (
    `${candidates} candidate(s); chose ${chosen} by ${s.rule.replaceAll("_", " ")}` +
    ` (match ${quality.toFixed(2)}, confidence ${s.confidence.toFixed(2)})`
  );
}

/** Tag filters a query implies: bracketed file-name tags of the title, explicit groups, then the given ones. */
export function queryTagFilters(gameName: string, additional: readonly TagFilter[]): TagFilter[] {
  const explicit = extractCanonicalTagsFromParens(gameName);
  const fromName: TagFilter[] = parseFilenameTags(explicit.remaining)
    .filter((t) => !t.inferred)
    .map((t) => ({ type: t.type, value: t.value, operator: "AND" }));
  return mergeTagFilters(mergeTagFilters(fromName, explicit.filters), additional);
}

export function resolveTitle(params: ResolveParams, queries: TitleQueries): ResolveOutcome {
  const trace: string[] = [];
  const { systemId, gameName, mediaType } = params;
  const filters = queryTagFilters(gameName, params.additionalTags ?? []);
  const slug = slugify(mediaType, gameName);
  trace.push(`query "${gameName}" in ${systemId}: slug "${slug}", tag filters: ${describeFilters(filters)}`);
  if (slug === "") {
    trace.push("the title has no slug: nothing to match");
    return { ok: false, reason: "empty_slug", trace };
  }

  const prefs: SelectionPreferences = {
    regions: params.preferences.regions,
    langs: params.preferences.langs,
    ...(params.launcherExtensions ? { launcherExtensions: params.launcherExtensions } : {}),
  };
  const ctx: StrategyContext = { queries, systemId, mediaType };
  const info = generateMatchInfo(mediaType, gameName);

  const choose = (
    label: string,
    outcome: StrategyOutcome,
    quality: number,
  ): Candidate | "rejected" | undefined => {
    trace.push(`${label}: ${outcome.detail}`);
    if (outcome.results.length === 0 || !outcome.strategy) return undefined;
    const sel = selectBestResult(outcome.results, filters, prefs, quality);
    trace.push(`  ${describeSelection(sel, quality, outcome.results.length)}`);
    if (!sel.result || sel.confidence <= 0) return "rejected";
    return { media: sel.result, strategy: outcome.strategy, confidence: sel.confidence };
  };

  const exactWithTags = queries.searchMediaBySlug(systemId, slug, filters);
  let best = choose(
    STRATEGY.exactMatch + " (with tags)",
    { results: exactWithTags, strategy: STRATEGY.exactMatch, detail: `slug "${slug}": ${exactWithTags.length} files` },
    MATCH_QUALITY_EXACT,
  );
  if (typeof best === "object" && best.confidence >= CONFIDENCE_HIGH) {
    trace.push(`confidence ≥ ${CONFIDENCE_HIGH}: done`);
    return { ok: true, ...best, trace };
  }

  const steps: (() => Candidate | "rejected" | undefined)[] = [
    () => {
      const found = queries.searchMediaBySlug(systemId, slug);
      const detail = `slug "${slug}": ${found.length} files`;
      return choose(`${STRATEGY.exactMatch} (without tags)`, { results: found, strategy: STRATEGY.exactMatch, detail }, MATCH_QUALITY_EXACT);
    },
    () => choose(STRATEGY.secondaryTitleExact, trySecondaryTitleExact(ctx, slug, info), MATCH_QUALITY_SECONDARY_TITLE),
    () => choose(STRATEGY.sharedSecondaryTitle, trySharedSecondaryTitle(ctx, info), MATCH_QUALITY_SECONDARY_TITLE),
    () => {
      const fuzzy = tryAdvancedFuzzyMatching(ctx, gameName, slug);
      return choose("fuzzy (token signature, then Jaro-Winkler + Damerau-Levenshtein)", fuzzy, fuzzy.similarity);
    },
    () => choose(STRATEGY.mainTitleOnly, tryMainTitleOnly(ctx, slug, info), MATCH_QUALITY_MAIN_TITLE),
    () => choose(STRATEGY.progressiveTrim, tryProgressiveTrim(ctx, gameName), MATCH_QUALITY_PROGRESSIVE_TRIM),
  ];
  for (const step of steps) {
    if (typeof best === "object") break;
    best = step();
  }

  if (typeof best !== "object") {
    trace.push("no strategy found a usable file");
    return { ok: false, reason: "no_match", trace };
  }
  if (best.confidence < CONFIDENCE_MINIMUM) {
    trace.push(`best candidate "${best.media.path}" has confidence ${best.confidence.toFixed(2)} < ${CONFIDENCE_MINIMUM}`);
    return { ok: false, reason: "low_confidence", confidence: best.confidence, trace };
  }
  trace.push(`chose "${best.media.path}" via ${best.strategy} (confidence ${best.confidence.toFixed(2)})`);
  return { ok: true, ...best, trace };
}
