import { type } from "../lazy-arktype.ts";
import { MAX_RESULTS_LIMIT, TagInfo } from "./media.ts";
import { Pagination } from "./media-history.ts";

/** Browsing the media library by folder and letter (`media.browse`, `media.browse.index`) and user tags. */

export const BROWSE_SORTS = ["name-asc", "name-desc", "filename-asc", "filename-desc"] as const;
export type BrowseSort = (typeof BROWSE_SORTS)[number];
const SortType = "'name-asc' | 'name-desc' | 'filename-asc' | 'filename-desc'";

export const BrowseParams = type({
  "+": "delete",
  /** An absolute folder (a root, a folder below it, a .zip read as a folder); absent: the roots. */
  "path?": "string",
  "systems?": "string[]",
  /** `systems` may name systems in any form ("snes", "Mega Drive"), not only by their case-sensitive ids. */
  "fuzzySystem?": "boolean",
  "maxResults?": `1 <= number.integer <= ${MAX_RESULTS_LIMIT}`,
  "cursor?": "string",
  /** A–Z (any case), "0-9" (a digit) or "#" (anything else): only entries whose sort name starts so. */
  "letter?": "string",
  "sort?": SortType,
  /** `type:value` tags (file-name or user tags), all of which a listed media must carry. */
  "tags?": "string[]",
}).or("null");
export type BrowseParams = typeof BrowseParams.infer;

/** A root, folder or media in a listing, as the phone app reads it. */
export const BrowseEntry = type({
  /** The media's id in the current index (changes when it is rebuilt; `system` + `path` do not). */
  "mediaId?": "number.integer",
  name: "string",
  /** Absolute path of the folder or file. */
  path: "string",
  type: "'root' | 'directory' | 'media'",
  /** Media at and below a folder. */
  "fileCount?": "number.integer >= 0",
  "systemId?": "string",
  "systemIds?": "string[]",
  "systemName?": "string",
  "zapScript?": "string",
  /** The media's compressed `<SystemId>/<path>`, as search results carry it. */
  "relativePath?": "string",
  "group?": "string",
  "description?": "string",
  "tags?": TagInfo.array(),
  "disambiguatingTags?": TagInfo.array(),
  "hasCover?": "boolean",
});
export type BrowseEntry = typeof BrowseEntry.infer;

/** `totalFiles`/`totalDirs`: the media and folders of the whole listing (all pages), filters applied. */
export const BrowseResult = type({ path: "string", entries: BrowseEntry.array(), totalFiles: "number.integer >= 0", "totalDirs?": "number.integer >= 0", "pagination?": Pagination });
export type BrowseResult = typeof BrowseResult.infer;

export const BrowseIndexParams = type({ "+": "delete", "path?": "string", "systems?": "string[]", "fuzzySystem?": "boolean", "sort?": SortType }).or("null");
export type BrowseIndexParams = typeof BrowseIndexParams.infer;

/** A letter group: `offset` is the place of its first media among the listing's media (after the folders). */
export const BrowseIndexGroup = type({ key: "string", label: "string", count: "number.integer >= 0", cursor: "string", offset: "number.integer >= 0" });
export type BrowseIndexGroup = typeof BrowseIndexGroup.infer;
export const BrowseIndexResult = type({ scheme: "string", totalFiles: "number.integer >= 0", groups: BrowseIndexGroup.array() });
export type BrowseIndexResult = typeof BrowseIndexResult.infer;

/** A media by its id in the current index, or by system id and path (compressed `<SystemId>/<path>` or absolute). */
export const TagsUpdateParams = type({ "+": "delete", "mediaId?": "number.integer", "system?": "string > 0", "path?": "string > 0", "add?": "(string > 0)[]", "remove?": "(string > 0)[]" });
export type TagsUpdateParams = typeof TagsUpdateParams.infer;
