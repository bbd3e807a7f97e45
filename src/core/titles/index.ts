/** Title resolution as the reference does it (`@System/Title`, `launch.title`), over an in-memory title index. */
export * from "./constants.ts";
export type { GameMatchInfo, ProgressiveTrimCandidate } from "./match-info.ts";
export { generateMatchInfo, generateProgressiveTrimCandidates } from "./match-info.ts";
export { damerauLevenshteinDistance, jaroSimilarity, jaroWinklerSimilarity } from "./edit-distance.ts";
export type { FuzzyMatch } from "./matcher.ts";
export {
  applyDamerauLevenshteinTieBreaker,
  findFuzzyMatches,
  findTokenSignatureMatches,
  generateTokenSignature,
} from "./matcher.ts";
export { extractCanonicalTagsFromParens, mergeTagFilters, parseTagFilterStrings } from "./query-tags.ts";
export { calculateTagMatchConfidence, filterByTags, groupTagFiltersByOperator, hasAllTags } from "./tag-match.ts";
export {
  filterByFileTypePriority,
  filterByPreferredLanguages,
  filterByPreferredRegions,
  filterOutRereleases,
  filterOutVariants,
  hasVariantTagFilter,
  isRerelease,
  isVariant,
} from "./narrowing.ts";
export { compareTiebreakerScores, selectByQualityScore, tiebreakerScore, type TiebreakerScore } from "./tiebreak.ts";
export { type Selection, type SelectionPreferences, type SelectionRule, selectBestResult } from "./selection.ts";
export type { SlugMetadata } from "./slug-metadata.ts";
export { generateSlugMetadataFromTokens, generateSlugWithMetadata } from "./slug-metadata.ts";
export {
  firstMainTitleToken,
  type StrategyContext,
  type StrategyOutcome,
  tryMainTitleOnly,
  tryProgressiveTrim,
  trySecondaryTitleExact,
  trySharedSecondaryTitle,
  tryWithoutAutoTags,
} from "./strategies.ts";
export { type FuzzyOutcome, tryAdvancedFuzzyMatching } from "./fuzzy-strategy.ts";
export {
  queryTagFilters,
  type ResolveFailure,
  type ResolveOutcome,
  type ResolveParams,
  resolveTitle,
} from "./resolve.ts";
export {
  isValidExtension,
  type RowFragments,
  type RowHints,
  rowFragments,
  type RowTitle,
  rowTags,
  rowTitle,
  type StagedTag,
  stagedTagsFromName,
} from "./index-row.ts";
export { DYNAMIC_TAG_TYPES, linkedTags, storedTagPredicate } from "./stored-tags.ts";
export { TitleIndex, type TitleIndexOptions, type TitleIndexRow } from "./title-index.ts";
export { preferencesFromConfig } from "./preferences.ts";
export type * from "./types.ts";
export { detectPrefixPolicy, type PrefixKind, parseStem, stemFromPath, stripWithPolicy } from "./browse-prefix.ts";
