import { type } from "../lazy-arktype.ts";
import { PlaylistState } from "./playlists.ts";

/** The media index, search, systems and active media on the wire: `media.*`, `systems`, `media.started/stopped`. */

export const DEFAULT_MAX_RESULTS = 250;
export const MAX_RESULTS_LIMIT = 10_000;

export const SystemInfo = type({ id: "string", name: "string", category: "string" });
export type SystemInfo = typeof SystemInfo.infer;

/** A tag as the phone app shows it: `tag` the value ("us"), `type` its type ("region"), `label` for people. */
export const TagInfo = type({ tag: "string", type: "string", "label?": "string" });
export type TagInfo = typeof TagInfo.infer;

/** `disambiguatingTags`: of results sharing a title (same system) on one page, the tags that tell them apart. */
export const MediaItem = type({ "mediaId?": "number.integer > 0", system: SystemInfo, name: "string", path: "string", zapScript: "string", tags: TagInfo.array(), "disambiguatingTags?": TagInfo.array() });
export type MediaItem = typeof MediaItem.infer;

export const SearchParams = type({
  "+": "delete",
  /** Absent: "" (every media, in pages), as the reference reads it; clients omit it to list a system. */
  "query?": "string",
  "systems?": "string[]",
  /** `systems` may name systems in any form ("snes", "Mega Drive"), not only by their case-sensitive ids. */
  "fuzzySystem?": "boolean",
  "maxResults?": `1 <= number.integer <= ${MAX_RESULTS_LIMIT}`,
  /** `type:value` tags (e.g. "region:us"), all of which a result must carry. */
  "tags?": "string[]",
  /** A previous page's `pagination.nextCursor`: the page after it. */
  "cursor?": "string <= 8192",
  /** Only titles of this letter group, as the reference groups them: A–Z (any case), "0-9" or "#" (anything else); "" none. */
  "letter?": "string <= 8",
});
/** Where the next page starts: `nextCursor` (absent on the last page), to pass back as `cursor`. */
export const Pagination = type({ "nextCursor?": "string", hasNextPage: "boolean", pageSize: "number.integer >= 1" });
/** `correctedQuery`: nothing matched as typed; the results are a typo fallback, for this query instead. */
export const SearchResult = type({ results: MediaItem.array(), total: "number.integer >= 0", "pagination?": Pagination, "correctedQuery?": "string" });
export type SearchResult = typeof SearchResult.infer;

export const IndexParams = type({ "+": "delete", "systems?": "string[]", "fuzzySystem?": "boolean" }).or("null");
export type IndexParams = typeof IndexParams.infer;
export const TagsParams = IndexParams;
export const TagsResult = type({ tags: TagInfo.array() });
export const GenerateCancelResult = type({ message: "string" });
export const CleanOrphansResult = type({ deleted: "number.integer >= 0" });

export const SystemsParams = type({ "+": "delete", "all?": "boolean" });
export const SystemEntry = type({
  id: "string",
  name: "string",
  category: "string",
  "manufacturer?": "string",
  "releaseDate?": "string",
  "mediaCount?": "number.integer >= 0",
});
export type SystemEntry = typeof SystemEntry.infer;
export const SystemsResult = type({ systems: SystemEntry.array() });

/**
 * IndexingStatus: the `database` member of `media` and the params of `media.indexing`. Optional fields are
 * omitted, never null: `totalSteps/currentStep/currentStepDisplay/totalFiles` while indexing (steps count
 * systems, 1-based; the display is the system's name), `totalMedia` and `lastIndexed` (RFC 3339) when an index
 * exists and none is being built.
 */
export const IndexingStatus = type({
  exists: "boolean",
  indexing: "boolean",
  optimizing: "boolean",
  "totalSteps?": "number.integer >= 0",
  "currentStep?": "number.integer >= 0",
  "currentStepDisplay?": "string",
  "totalFiles?": "number.integer >= 0",
  "totalMedia?": "number.integer >= 0",
  "lastIndexed?": "string",
});
export type IndexingStatus = typeof IndexingStatus.infer;

/** The media running now, as `media.active` and `media` report it. */
export const ActiveMedia = type({
  launcherId: "string",
  systemId: "string",
  systemName: "string",
  mediaPath: "string",
  mediaName: "string",
  /** RFC 3339. */
  started: "string",
  zapScript: "string",
  /** The actions `media.control` / `control` can run on its launcher (omitted when none). */
  "launcherControls?": "string[]",
  /** Which media slot it plays in: "background" for music beside a game (absent: primary). */
  "slot?": "'primary' | 'background'",
});
export type ActiveMedia = typeof ActiveMedia.infer;
/** `media.active`'s optional slot (the reference's name and aliases: primary, background or bg; any case). */
export const ActiveMediaParams = type({ "+": "delete", "slot?": "string" }).or("null");

/** `playlists`: each slot's active playlist (omitted when there is none), as the phone app reads them. */
export const MediaStatusResult = type({ database: IndexingStatus, active: ActiveMedia.array(), "playlists?": PlaylistState.array() });
export const MediaControlParams = type({ "+": "delete", action: "string > 0", "slot?": "string" });

export const MediaStarted = type({
  systemId: "string",
  systemName: "string",
  mediaPath: "string",
  mediaName: "string",
  "slot?": "'primary' | 'background'",
});
export type MediaStarted = typeof MediaStarted.infer;
export const MediaStopped = MediaStarted.and({ launcherId: "string", elapsed: "number" });
export type MediaStopped = typeof MediaStopped.infer;
