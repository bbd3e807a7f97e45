/**
 * A media row's title and tags. An index run stores them only where they do not follow from the file name (a
 * platform's title, such as a MiSTer arcade name; a store game's name taken whole); elsewhere the columns are
 * NULL and they are what `parseMediaName` makes of the file name, as the run's index thread made them for the
 * word and tag lists. Pure.
 */
import { systemCatalog } from "../systems/catalog.ts";
import { fileTitle } from "./filename-tags.ts";
import { clearIndexTagCaches, indexTagsOfFile } from "./index-tags.ts";
import { titleSortKey } from "./title-order.ts";

/**
 * The file-name parsing the NULL columns stand for: raise it with any change to what parseMediaName makes of a
 * name, so that the next index run rewrites every system (its walk key holds it) instead of keeping rows, lists
 * and a title order parsed the old way.
 */
export const ROW_NAMES_VERSION = 2;

/** The row's title: as stored, else the title part of its file name (`fileTitle`, which reads no tags). */
export function rowTitle(file: string, stored: string | null): string {
  return stored ?? fileTitle(file, false);
}

/** The row's title key (`titleSortKey` of its title), as the title order sorts it. */
export function rowTitleKey(file: string, stored: string | null): string {
  return titleSortKey(rowTitle(file, stored));
}

/** Tag texts of NULL columns lately read (search pages and browse listings read the same rows again). */
const tagTexts = new Map<string, string>();
const MAX_TAG_TEXTS = 16_384;

/**
 * The row's tags (`type:value`, space-separated; "" for none): as stored, else the reference indexer's tags of its
 * file name (core/media/index-tags.ts) for its system's media type (Game when none is named).
 */
export function rowTags(file: string, stored: string | null, systemId = ""): string {
  if (stored !== null) return stored;
  const key = `${systemId}/${file}`;
  let text = tagTexts.get(key);
  if (text === undefined) {
    text = indexTagsOfFile(file, false, systemCatalog().mediaTypeOf(systemId)).join(" ");
    if (tagTexts.size >= MAX_TAG_TEXTS) tagTexts.clear();
    tagTexts.set(key, text);
  }
  return text;
}

/** Empties the tag texts read lately and the index tags' memory (core/media/index-tags.ts): nothing is lost but time. */
export function clearRowNameCaches(): void {
  tagTexts.clear();
  clearIndexTagCaches();
}
