/** Thresholds, base match qualities and strategy names of the reference's title resolution (facts, not tuning). */

/** Fuzzy matching runs only for query slugs at least this long (bytes of the slug). */
export const MIN_SLUG_LENGTH_FOR_FUZZY = 5;
/** Jaro-Winkler candidates may differ from the query slug by at most this many bytes. */
export const FUZZY_MATCH_MAX_LENGTH_DIFF = 2;
/** Jaro-Winkler candidates need at least this similarity (compared as a 32-bit float). */
export const FUZZY_MATCH_MIN_SIMILARITY = 0.85;

/** An exact slug match with tags at least this confident is returned at once. */
export const CONFIDENCE_HIGH = 0.95;
export const CONFIDENCE_ACCEPTABLE = 0.7;
/** Below this the resolution fails with "low confidence". */
export const CONFIDENCE_MINIMUM = 0.6;

export const MATCH_QUALITY_EXACT = 1.0;
export const MATCH_QUALITY_SECONDARY_TITLE = 0.92;
export const MATCH_QUALITY_MAIN_TITLE = 0.9;
export const MATCH_QUALITY_PROGRESSIVE_TRIM = 0.85;

/** Strategy identifiers, spelled as the reference reports them. */
export const STRATEGY = {
  exactMatch: "strategy_exact_match",
  prefixMatch: "strategy_prefix_match",
  mainTitleOnly: "strategy_main_title_only",
  secondaryTitleExact: "strategy_secondary_title_exact",
  sharedSecondaryTitle: "strategy_shared_secondary_title",
  tokenSignature: "strategy_token_signature",
  jaroWinklerDamerau: "strategy_jarowinkler_damerau",
  progressiveTrim: "strategy_progressive_trim",
  exactMatchNoAutoTags: "strategy_exact_match_no_auto_tags",
  prefixMatchNoAutoTags: "strategy_prefix_match_no_auto_tags",
} as const;

export type StrategyName = (typeof STRATEGY)[keyof typeof STRATEGY];

/** The reference's `[media] default_regions` / `default_langs` when the config leaves them empty. */
export const DEFAULT_PREFERRED_REGIONS: readonly string[] = ["us", "world"];
export const DEFAULT_PREFERRED_LANGS: readonly string[] = ["en"];

/** Results per slug query (the reference's `LIMIT`). */
export const SLUG_SEARCH_LIMIT = 50;
