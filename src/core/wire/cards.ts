import { type } from "../lazy-arktype.ts";

/**
 * Card sets and the tag write queue on the wire (`cards.*`, our own namespace; the reference has none): sets of
 * games kept in the user database, and the queue that writes a set to one blank tag after another.
 */

/** How a set's tags launch their game: `title` writes `@System/Title` (the reference's title form), `path` the media's path. */
export const SCRIPT_KINDS = ["title", "path"] as const;
export type ScriptKind = (typeof SCRIPT_KINDS)[number];
const Kind = "'title' | 'path'";

const SetName = "0 < string <= 200";
const Id = "number.integer >= 1";

export const CardSet = type({
  id: Id,
  name: "string",
  scriptKind: Kind,
  /** Games in the set (a game may be there more than once). */
  count: "number.integer >= 0",
  /** RFC 3339. */
  created: "string",
  updated: "string",
});
export type CardSet = typeof CardSet.infer;

/** One game of a set, in set order; `script` is what its tag gets under the set's script kind. */
export const CardSetItem = type({
  itemId: Id,
  /** 0-based place in the set. */
  position: "number.integer >= 0",
  /** The media's path as the library's results carry it (`<SystemId>/<path>`). */
  path: "string",
  systemId: "string",
  systemName: "string",
  title: "string",
  /** File-name tags (`type:value`). */
  tags: "string[]",
  script: "string",
});
export type CardSetItem = typeof CardSetItem.infer;

export const CardSetsResult = type({ sets: CardSet.array() });
export type CardSetsResult = typeof CardSetsResult.infer;
export const CardSetResult = type({ set: CardSet, items: CardSetItem.array() });
export type CardSetResult = typeof CardSetResult.infer;

export const CardSetCreateParams = type({ "+": "delete", name: SetName, "scriptKind?": Kind });
export const CardSetUpdateParams = type({ "+": "delete", id: Id, "name?": SetName, "scriptKind?": Kind });
export const CardSetIdParams = type({ "+": "delete", id: Id });

/** A media as search results and listings name it: system id and path (compressed `<SystemId>/<path>` or absolute). */
export const CardMediaRef = type({ "+": "delete", system: "string > 0", path: "string > 0" });
export type CardMediaRef = typeof CardMediaRef.infer;

/**
 * Where games come from (each source's media, in its order, up to the limit): a search (query, systems, tags as
 * `media.search`), a folder of the index (absolute path, media at and below it), a system, the favourites, or a
 * playlist (a `.pls`/`.m3u` file or folder inside the media folders, as `playlist.play` names it).
 */
export const CardSource = type({ "+": "delete", kind: "'search'", "query?": "string", "systems?": "string[]", "tags?": "string[]" })
    .or({ "+": "delete", kind: "'folder'", path: "string > 0" })
    .or({ "+": "delete", kind: "'system'", system: "string > 0" })
    .or({ "+": "delete", kind: "'favorites'", "systems?": "string[]" })
    .or({ "+": "delete", kind: "'playlist'", name: "string > 0" });
export type CardSource = typeof CardSource.infer;

/** Most games one `cards.set.add` adds, and most a set holds. */
export const CARD_ADD_LIMIT = 1000;
export const CARD_SET_LIMIT = 5000;

export const CardSetAddParams = type({
  "+": "delete",
  id: Id,
  /** Games named one by one (in this order). */
  "items?": CardMediaRef.array().atMostLength(CARD_ADD_LIMIT),
  /** Or every game of a source. */
  "source?": CardSource,
  /** Where they go (0-based; default the end). */
  "at?": "number.integer >= 0",
});
export type CardSetAddParams = typeof CardSetAddParams.infer;
export const CardSetAddResult = type({ added: "number.integer >= 0", set: CardSet });

export const CardSetRemoveParams = type({ "+": "delete", id: Id, itemIds: type(Id).array().moreThanLength(0) });
export const CardSetMoveParams = type({ "+": "delete", id: Id, itemId: Id, to: "number.integer >= 0" });

/** A game of the queue and what became of it. */
export const CardQueueEntry = type({
  index: "number.integer >= 0",
  itemId: Id,
  title: "string",
  systemName: "string",
  script: "string",
  status: "'pending' | 'written' | 'skipped'",
  /** The tag it was written to. */
  "uid?": "string",
});
export type CardQueueEntry = typeof CardQueueEntry.infer;

const queueSummary = {
  state: "'idle' | 'running' | 'stopped' | 'done'",
  phase: "'waiting' | 'writing' | 'confirm' | 'failed'",
  "setId?": Id,
  "setName?": "string",
  total: "number.integer >= 0",
  written: "number.integer >= 0",
  skipped: "number.integer >= 0",
  "next?": "number.integer >= 0",
  "confirm?": { readerId: "string", uid: "string", text: "string" },
  "error?": "string",
  /** The last game written: its index, the tag and the reader. */
  "last?": { index: "number.integer >= 0", uid: "string", readerId: "string" },
} as const;

/**
 * The queue: `state` idle (none), running (tags on writable readers are claimed), stopped, done. `phase` while
 * running: waiting for a blank tag, writing, confirm (a tag with data is on `confirm.readerId`: overwrite only
 * with `cards.queue.confirm`), failed (`error` says why; the game stays next and the next tag presented is
 * written again). `next`: the index of the game the next tag gets. `entries`: every game and its outcome.
 */
export const CardQueueStatus = type({ ...queueSummary, entries: CardQueueEntry.array() });
export type CardQueueStatus = typeof CardQueueStatus.infer;

/**
 * `cards.queue.changed`: the queue's state without its list of games (a set may hold thousands), and `entry`, the
 * game the change was about (written, skipped, to be written again, being written) when there is one. A change
 * without `entry` to a different set or size (started, cleared) means: read `cards.queue` again.
 */
export const CardQueueChanged = type({ ...queueSummary, "entry?": CardQueueEntry });
export type CardQueueChanged = typeof CardQueueChanged.infer;

export const CardQueueStartParams = type({ "+": "delete", setId: Id });
export const CardQueueRetryParams = type({ "+": "delete", "index?": "number.integer >= 0" }).or("null");
export const CardQueueConfirmParams = type({ "+": "delete", overwrite: "boolean" });
