/**
 * The reference's file-name tag parser (zaparoo-core pkg/database/tags) and zapscript's tag normalization
 * and filters: canonical tags and display titles of ROM / media file names.
 */
export * from "./data/tag-types.ts";
export * from "./values.ts";
export { canonicalizeTagAlias } from "./aliases.ts";
export { normalizeCompanyName, normalizeTagValue } from "./company-name.ts";
export { canonicalTagDefinitions, utilityTags } from "./definitions.ts";
export { filenameTagKeywords, mapFilenameTagToCanonical } from "./mappings.ts";
export { clearTagCaches, memoize } from "./memo.ts";
export { editionWords } from "./words.ts";
export { cachedNormalizeTag, normalizeTag } from "./normalize-tag.ts";
export { parseFilenameToCanonicalTags, parseFilenameToCanonicalTagsForMedia } from "./parse-filename.ts";
export { padTagValue, unpadTagValue } from "./storage.ts";
export {
  parseTagFilters,
  TagFilterError,
  TagOperatorAND,
  TagOperatorNOT,
  TagOperatorOR,
  type TagFilter,
  type TagOperator,
} from "./tag-filter.ts";
export {
  parseDisplayTitleFromFilename,
  parseDisplayTitleFromFilenameForMedia,
  parseTitleFromFilename,
  parseTitleFromFilenameForMedia,
} from "./title.ts";
export {
  canonicalIsExclusive,
  isExclusiveType,
  isScannerOwnedType,
  isUserOwnedType,
  propertyTypeTag,
  ScraperRunTypePrefix,
  scraperRunType,
  scraperRunTypeTag,
  ScraperTypePrefix,
  scraperType,
  scraperTypeTag,
} from "./type-rules.ts";
export {
  tagString,
  TagSourceBracketed,
  TagSourceInferred,
  TagSourceUnknown,
  type CanonicalTag,
  type TagSource,
  type TagType,
  type TagValue,
} from "./types.ts";
