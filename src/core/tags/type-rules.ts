/** What each tag type is: exclusive (one value per title or file) or additive, and who owns its values. */
import V from "./data/tag-values.json" with { type: "json" };
import { TagTypeGameFamily, TagTypeGenre, TagTypeProperty, TagTypeRating, TagTypeUser } from "./data/tag-types.ts";
import { tagString, type TagType, type TagValue } from "./types.ts";
import { exclusiveTypes } from "./words.ts";

export const ScraperTypePrefix = "scraper.";
export const ScraperRunTypePrefix = "scraper-run.";

/** The exclusive flag of every type that states one (types not listed are additive). */
export const canonicalIsExclusive: ReadonlyMap<TagType, boolean> = exclusiveTypes;

export const isExclusiveType = (t: TagType): boolean => exclusiveTypes.get(t) === true;

export const isUserOwnedType = (t: TagType): boolean => t === TagTypeUser;

/** Types the media scanner writes (and may replace on a rescan): not the user's, not scraped. */
export function isScannerOwnedType(t: TagType): boolean {
  if (t === TagTypeUser || t === TagTypeProperty || t === TagTypeRating || t === TagTypeGenre || t === TagTypeGameFamily) {
    return false;
  }
  return !t.startsWith(ScraperTypePrefix) && !t.startsWith(ScraperRunTypePrefix);
}

export const scraperType = (scraperId: string): TagType => ScraperTypePrefix + scraperId;
export const scraperTypeTag = (scraperId: string): string =>
  tagString({ type: scraperType(scraperId), value: V.TagScraperScraped });
export const scraperRunType = (scraperId: string): TagType => ScraperRunTypePrefix + scraperId;
export const scraperRunTypeTag = (scraperId: string, runId: string): string =>
  tagString({ type: scraperRunType(scraperId), value: runId });

/** "property:<value>". */
export const propertyTypeTag = (value: TagValue): string => `${TagTypeProperty}:${value}`;
