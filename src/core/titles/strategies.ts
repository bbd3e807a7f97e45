/**
 * The non-fuzzy fallback strategies of the reference's title resolution. Each asks the media queries for
 * candidates and keeps those whose own title shape fits; `detail` says what was searched and kept, for the trace.
 */
import { type MediaType, slugifyWithTokens, splitTitle, stripLeadingArticle } from "./slug-fns.ts";
import { STRATEGY, type StrategyName } from "./constants.ts";
import { goTrimSpace } from "./go-strings.ts";
import { type GameMatchInfo, generateMatchInfo, generateProgressiveTrimCandidates } from "./match-info.ts";
import type { MediaResult, TagFilter, TitleQueries } from "./types.ts";

export interface StrategyOutcome {
  readonly results: readonly MediaResult[];
  /** Set when results were found. */
  readonly strategy?: StrategyName;
  readonly detail: string;
}

const none = (detail: string): StrategyOutcome => ({ results: [], detail });

export interface StrategyContext {
  readonly queries: TitleQueries;
  readonly systemId: string;
  readonly mediaType: MediaType;
  readonly filters?: readonly TagFilter[];
}

/**
 * Main title only: titles starting with the query's main-title slug, keeping exact main-title matches without a
 * subtitle first, else partial ones (query or library entry with a subtitle on one side only, or a delimiter mismatch).
 */
export function tryMainTitleOnly(ctx: StrategyContext, slug: string, info: GameMatchInfo): StrategyOutcome {
  const main = info.mainTitleSlug;
  const found = ctx.queries.searchMediaBySlugPrefix(ctx.systemId, main, ctx.filters);
  if (found.length === 0) return none(`prefix "${main}": 0 files`);
  const exact: MediaResult[] = [];
  const partial: MediaResult[] = [];
  for (const r of found) {
    const db = generateMatchInfo(ctx.mediaType, r.name);
    if (db.canonicalSlug === main && !db.hasSecondaryTitle) exact.push(r);
    else if (db.mainTitleSlug.startsWith(main) && !info.hasSecondaryTitle && db.hasSecondaryTitle) partial.push(r);
    else if (db.mainTitleSlug.startsWith(slug) && info.hasSecondaryTitle && db.hasSecondaryTitle) partial.push(r);
  }
  const head = `prefix "${main}": ${found.length} files`;
  if (exact.length > 0) {
    return { results: exact, strategy: STRATEGY.mainTitleOnly, detail: `${head}, ${exact.length} exact main-title` };
  }
  if (partial.length > 0) {
    return { results: partial, strategy: STRATEGY.mainTitleOnly, detail: `${head}, ${partial.length} partial main-title` };
  }
  return none(`${head}, none fit`);
}

/**
 * Secondary title: the query's subtitle against library titles without one ("Zelda: Ocarina of Time" finds
 * "Ocarina of Time"), or a plain query against library subtitles ("Ocarina of Time" finds "Zelda: Ocarina of Time").
 */
export function trySecondaryTitleExact(ctx: StrategyContext, slug: string, info: GameMatchInfo): StrategyOutcome {
  const search = info.hasSecondaryTitle ? info.secondaryTitleSlug : slug;
  const exact = ctx.queries.searchMediaBySlug(ctx.systemId, search, ctx.filters);
  const plain = exact.filter((r) => !generateMatchInfo(ctx.mediaType, r.name).hasSecondaryTitle);
  if (plain.length > 0) {
    return {
      results: plain,
      strategy: STRATEGY.secondaryTitleExact,
      detail: `slug "${search}": ${exact.length} files, ${plain.length} without subtitle`,
    };
  }
  if (info.hasSecondaryTitle) return none(`slug "${search}": ${exact.length} files, none without subtitle`);
  const bySecondary = ctx.queries.searchMediaBySecondarySlug(ctx.systemId, search, ctx.filters);
  const subtitled = bySecondary.filter((r) => generateMatchInfo(ctx.mediaType, r.name).hasSecondaryTitle);
  if (subtitled.length > 0) {
    return {
      results: subtitled,
      strategy: STRATEGY.secondaryTitleExact,
      detail: `secondary slug "${search}": ${bySecondary.length} files, ${subtitled.length} with subtitle`,
    };
  }
  return none(`slug and secondary slug "${search}": nothing fits`);
}

/** First slug token of a title's main part (the cross-franchise guard of the shared-subtitle strategy). */
export function firstMainTitleToken(mediaType: MediaType, original: string): string {
  const { main } = splitTitle(stripLeadingArticle(goTrimSpace(original)));
  return slugifyWithTokens(mediaType, main).tokens[0] ?? "";
}

/**
 * Shared secondary title: query and library title both have the same subtitle and main titles starting with the
 * same word ("Touhou 06: The Embodiment of Scarlet Devil" ~ "Touhou Koumakyou: The Embodiment of Scarlet Devil").
 */
export function trySharedSecondaryTitle(ctx: StrategyContext, info: GameMatchInfo): StrategyOutcome {
  if (!info.hasSecondaryTitle) return none("query has no subtitle");
  const found = ctx.queries.searchMediaBySecondarySlug(ctx.systemId, info.secondaryTitleSlug, ctx.filters);
  if (found.length === 0) return none(`secondary slug "${info.secondaryTitleSlug}": 0 files`);
  const queryToken = firstMainTitleToken(ctx.mediaType, info.originalInput);
  if (queryToken === "") return none("query main title has no first word");
  const kept = found.filter((r) => {
    const db = generateMatchInfo(ctx.mediaType, r.name);
    if (!db.hasSecondaryTitle || db.secondaryTitleSlug !== info.secondaryTitleSlug) return false;
    if (db.canonicalSlug === info.canonicalSlug) return false;
    return firstMainTitleToken(ctx.mediaType, db.originalInput) === queryToken;
  });
  const head = `secondary slug "${info.secondaryTitleSlug}": ${found.length} files`;
  if (kept.length === 0) return none(`${head}, none share the first word "${queryToken}"`);
  return { results: kept, strategy: STRATEGY.sharedSecondaryTitle, detail: `${head}, ${kept.length} share "${queryToken}"` };
}

const MAX_TRIM_DEPTH = 3;

/** Progressive trim: the query with up to three trailing words dropped, all exact slugs in one query. */
export function tryProgressiveTrim(ctx: StrategyContext, gameName: string): StrategyOutcome {
  const candidates = generateProgressiveTrimCandidates(ctx.mediaType, gameName, MAX_TRIM_DEPTH);
  const slugs: string[] = [];
  for (const c of candidates) if (c.isExactMatch && !slugs.includes(c.slug)) slugs.push(c.slug);
  if (slugs.length === 0) return none("no trimmed variants (under three words or too short)");
  const found = ctx.queries.searchMediaBySlugIn(ctx.systemId, slugs, ctx.filters);
  const detail = `slugs ${slugs.map((s) => `"${s}"`).join(", ")}: ${found.length} files`;
  if (found.length === 0) return none(detail);
  return { results: found, strategy: STRATEGY.progressiveTrim, detail };
}

/** Retry without the tags read from the title: exact slug, then slug prefix, with only the explicit filters. */
export function tryWithoutAutoTags(
  ctx: StrategyContext,
  slug: string,
  autoExtracted: readonly TagFilter[],
  explicit: readonly TagFilter[],
): StrategyOutcome {
  if (autoExtracted.length === 0) return none("no tags were read from the title");
  const exact = ctx.queries.searchMediaBySlug(ctx.systemId, slug, explicit);
  if (exact.length > 0) {
    return { results: exact, strategy: STRATEGY.exactMatchNoAutoTags, detail: `slug "${slug}": ${exact.length} files` };
  }
  const prefix = ctx.queries.searchMediaBySlugPrefix(ctx.systemId, slug, explicit);
  if (prefix.length > 0) {
    return { results: prefix, strategy: STRATEGY.prefixMatchNoAutoTags, detail: `prefix "${slug}": ${prefix.length} files` };
  }
  return none(`slug and prefix "${slug}": 0 files`);
}
