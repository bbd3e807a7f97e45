import { type } from "../lazy-arktype.ts";
import { SystemInfo, TagInfo } from "./media.ts";

/**
 * Scraped metadata and artwork on the wire (the phone app's shapes): `scrapers`, `media.scrape*`, the
 * `media.scraping` notification, `media.meta(.update)`, `media.image`, `media.lookup`, `media.title.parse`.
 */

export const MAX_IMAGE_SIZE = 8192;

export const ScraperInfo = type({ id: "string", name: "string", supportedSystems: "string[]" });
export const ScrapersResult = type({ scrapers: ScraperInfo.array() });

export const ScrapeParams = type({ "+": "delete", scraperId: "string > 0", "systems?": "string[]", "force?": "boolean" });
export type ScrapeParams = typeof ScrapeParams.infer;

export const ScrapeSystemProgress = type({
  systemId: "string",
  "systemName?": "string",
  processed: "number.integer >= 0",
  total: "number.integer >= 0",
  matched: "number.integer >= 0",
  skipped: "number.integer >= 0",
});

/** `media.scraping` params and `media.scrape.status` result: the run's state; optional fields omitted, never null. */
export const ScrapingStatus = type({
  "scraperId?": "string",
  "state?": "'idle' | 'running' | 'paused' | 'completed' | 'cancelled' | 'failed'",
  "error?": "string",
  force: "boolean",
  "currentStep?": "number.integer >= 0",
  "currentStepDisplay?": "string",
  "totalSteps?": "number.integer >= 0",
  "currentSystem?": ScrapeSystemProgress,
  "systemId?": "string",
  processed: "number.integer >= 0",
  total: "number.integer >= 0",
  matched: "number.integer >= 0",
  skipped: "number.integer >= 0",
  totalScraped: "number.integer >= 0",
  scraping: "boolean",
  done: "boolean",
  paused: "boolean",
});
export type ScrapingStatus = typeof ScrapingStatus.infer;

export const ScrapeCancelResult = type({ message: "string" });

/** A media by its id in the current index, or by path (`<SystemId>/<path>` as search returns it, or absolute). */
const REF = { "mediaId?": "number.integer > 0", "system?": "string > 0", "path?": "string > 0" } as const;
export const MediaRef = type({ "+": "delete", ...REF });
export type MediaRef = typeof MediaRef.infer;

export const MetaProperty = type({ text: "string", contentType: "string", "extension?": "string", "blobSize?": "number.integer >= 0" });
export type MetaProperty = typeof MetaProperty.infer;

export const MetaTitle = type({
  slug: "string",
  "secondarySlug?": "string",
  name: "string",
  slugLength: "number.integer >= 0",
  slugWordCount: "number.integer >= 0",
  system: type({ id: "string", name: "string" }),
  tags: TagInfo.array(),
  properties: type({ "[string]": MetaProperty }),
  "availableImageTypes?": "string[]",
});

export const MediaMeta = type({
  path: "string",
  parentDir: "string",
  isMissing: "boolean",
  tags: TagInfo.array(),
  properties: type({ "[string]": MetaProperty }),
  "availableImageTypes?": "string[]",
  title: MetaTitle,
});
export type MediaMeta = typeof MediaMeta.infer;
export const MediaMetaResult = type({ media: MediaMeta });

/** Title fields to set (an empty string removes one). */
export const MetaFields = type({
  "+": "reject",
  "description?": "string <= 65536",
  "developer?": "string <= 256",
  "publisher?": "string <= 256",
  "year?": "/^(\\d{4})?$/",
  "genre?": "string <= 256",
  "players?": "/^(\\d{1,3})?$/",
  "rating?": "/^(100|\\d{1,2})?$/",
});
export const MediaMetaUpdateParams = type({ "+": "delete", ...REF, media: MetaFields });

export const MediaImageParams = type({ "+": "delete", ...REF, "imageTypes?": "string[]", "maxSize?": `1 <= number.integer <= ${MAX_IMAGE_SIZE}` });
/**
 * The image bytes as base64 `data`; `typeTag` names the artwork kind (`property:image-boxart`); `width` and
 * `height` its size in pixels (after resizing) when known.
 */
export const MediaImageResult = type({
  contentType: "string",
  "extension?": "string",
  data: "string",
  typeTag: "string",
  delivery: "'inline'",
  "width?": "number.integer >= 1",
  "height?": "number.integer >= 1",
});

export const LookupParams = type({ "+": "delete", system: "string > 0", name: "string > 0", "fuzzySystem?": "boolean" });
export const LookupMatch = type({
  system: SystemInfo,
  name: "string",
  path: "string",
  zapScript: "string",
  tags: TagInfo.array(),
  "disambiguatingTags?": TagInfo.array(),
  mediaId: "number.integer > 0",
  confidence: "0 <= number <= 1",
});
export const LookupResult = type({ match: LookupMatch.or("null") });

export const TitleParseParams = type({ "+": "delete", systemId: "string > 0", path: "string > 0" });
export const TitleParseResult = type({ slug: "string", "secondarySlug?": "string", name: "string", slugLength: "number.integer >= 0", slugWordCount: "number.integer >= 0", tags: TagInfo.array() });
