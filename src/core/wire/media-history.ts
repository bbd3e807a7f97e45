import { type } from "../lazy-arktype.ts";

/** `media.history`, `media.history.latest`, `media.history.top`: what was played (sessions), in the reference's shapes. */

const Systems = type("string > 0").array();
export const MediaHistoryParams = type({
  "+": "delete",
  "systems?": Systems,
  "fuzzySystem?": "boolean",
  "distinctMedia?": "boolean",
  "limit?": "1 <= number.integer <= 100",
  "cursor?": "string",
}).or("null");
export const MediaHistoryTopParams = type({
  "+": "delete",
  "systems?": Systems,
  "fuzzySystem?": "boolean",
  /** RFC 3339: only sessions started at or after it. */
  "since?": "string",
  "limit?": "1 <= number.integer <= 100",
}).or("null");

export const MediaHistoryEntry = type({
  systemId: "string",
  systemName: "string",
  mediaName: "string",
  mediaPath: "string",
  launcherId: "string",
  /** RFC 3339. */
  startedAt: "string",
  "endedAt?": "string",
  /** Seconds. */
  playTime: "number.integer >= 0",
  hasCover: "boolean",
});
export const Pagination = type({ nextCursor: "string | null", hasNextPage: "boolean", pageSize: "number.integer" });
export const MediaHistoryResult = type({ entries: MediaHistoryEntry.array(), "pagination?": Pagination });

export const MediaHistoryLatestEntry = type({ systemId: "string", systemName: "string", mediaName: "string", mediaPath: "string", launcherId: "string", startedAt: "string" });
export const MediaHistoryLatestResult = type({ entry: MediaHistoryLatestEntry.or("null") });

export const MediaHistoryTopEntry = type({
  systemId: "string",
  systemName: "string",
  mediaName: "string",
  mediaPath: "string",
  lastPlayedAt: "string",
  totalPlayTime: "number.integer >= 0",
  sessionCount: "number.integer >= 1",
});
export const MediaHistoryTopResult = type({ entries: MediaHistoryTopEntry.array() });

/** `media.active.update`: what plays now, told from outside; without params the active media is cleared. */
export const UpdateActiveMediaParams = type({ "+": "delete", systemId: "string > 0", mediaPath: "string > 0", mediaName: "string > 0" })
  .or(type({ "+": "reject" }))
  .or("null");

/** The reference's media.control actions; only `stop` can be done here (the others answer 1005). */
export const MEDIA_CONTROL_ACTIONS = [
  "stop", "pause", "resume", "toggle_pause", "reset", "save_state", "load_state", "save_ram", "toggle_menu", "save", "load",
  "fast_forward", "rewind", "next", "previous",
] as const;
