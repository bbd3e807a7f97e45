import { type } from "../../core/lazy-arktype.ts";
import {
  CardQueueConfirmParams,
  CardQueueRetryParams,
  CardQueueStartParams,
  CardQueueStatus,
  CardSet,
  CardSetAddParams,
  CardSetAddResult,
  CardSetCreateParams,
  CardSetIdParams,
  CardSetMoveParams,
  CardSetRemoveParams,
  CardSetResult,
  CardSetsResult,
  CardSetUpdateParams,
} from "../../core/wire/cards.ts";
import type { CardSets } from "../../service/cards/card-sets.ts";
import type { WriteQueue } from "../../service/cards/write-queue.ts";
import { defineMethod } from "../rpc/method.ts";

/** `cards.*`: card sets (games to make cards of) and the queue that writes a set to tags. Our namespace; the reference has none. */
export function cardsMethods(deps: { sets: CardSets; queue: WriteQueue }) {
  const { sets, queue } = deps;
  return [
    defineMethod({
      name: "cards.sets",
      summary: "The card sets (oldest first), each with its game count and script kind.",
      params: null,
      result: CardSetsResult,
      handler: () => ({ sets: sets.list() }),
    }),
    defineMethod({
      name: "cards.sets.create",
      summary: "Creates an empty card set. scriptKind (default title): what its tags get, `@System/Title` (title) or the media's path (path), as the phone app writes them.",
      params: CardSetCreateParams,
      result: CardSet,
      example: { name: "SNES favourites", scriptKind: "title" },
      handler: (p) => sets.create(p.name, p.scriptKind),
    }),
    defineMethod({
      name: "cards.sets.update",
      summary: "Renames a card set or changes its script kind (1001 when there is no such set).",
      params: CardSetUpdateParams,
      result: CardSet,
      example: { id: 1, name: "Shelf 2" },
      handler: (p) => sets.update(p.id, { name: p.name, scriptKind: p.scriptKind }),
    }),
    defineMethod({
      name: "cards.sets.delete",
      summary: "Deletes a card set with its games, and its write queue (1001 when there is no such set).",
      params: CardSetIdParams,
      result: type("null"),
      example: { id: 1 },
      handler: (p) => {
        sets.delete(p.id);
        queue.setDeleted(p.id);
        return null;
      },
    }),
    defineMethod({
      name: "cards.set",
      summary: "A card set with its games in order, each with the script its tag gets.",
      params: CardSetIdParams,
      result: CardSetResult,
      example: { id: 1 },
      handler: (p) => sets.get(p.id),
    }),
    defineMethod({
      name: "cards.set.add",
      summary:
        "Adds games to a card set at `at` (default the end): `items` named one by one (system and path as search results and listings carry them; 1001 naming one the index lacks), or every game of `source` in its order (a search, a folder of the index and its subfolders, a system, the favourites, a playlist), at most 1000 a call and 5000 a set. A game may be added more than once.",
      params: CardSetAddParams,
      result: CardSetAddResult,
      example: { id: 1, source: { kind: "system", system: "SNES" } },
      handler: async (p) => ({ added: await sets.add(p.id, p), set: sets.set(p.id) }),
    }),
    defineMethod({
      name: "cards.set.remove",
      summary: "Removes games from a card set by item id (1001, nothing removed, when one is not in the set).",
      params: CardSetRemoveParams,
      result: CardSetResult,
      example: { id: 1, itemIds: [3] },
      handler: (p) => {
        sets.remove(p.id, p.itemIds);
        return sets.get(p.id);
      },
    }),
    defineMethod({
      name: "cards.set.move",
      summary: "Moves one game of a card set to place `to` (0-based, clamped to the set).",
      params: CardSetMoveParams,
      result: CardSetResult,
      example: { id: 1, itemId: 3, to: 0 },
      handler: (p) => {
        sets.move(p.id, p.itemId, p.to);
        return sets.get(p.id);
      },
    }),
    defineMethod({
      name: "cards.queue",
      summary: "The card write queue: its set, state, phase, each game's outcome and the next game (state idle when there is none).",
      params: null,
      result: CardQueueStatus,
      handler: () => queue.status(),
    }),
    defineMethod({
      name: "cards.queue.start",
      summary:
        "Makes a card set the write queue (replacing any other) and runs it: each blank tag put on a write-capable reader gets the next game's script, read back and verified; a tag holding data waits for cards.queue.confirm. A readers.write waiting for a tag still comes first; tags are launched as usual when the queue is not running.",
      params: CardQueueStartParams,
      result: CardQueueStatus,
      example: { setId: 1 },
      handler: (p) => queue.begin(p.setId),
    }),
    defineMethod({
      name: "cards.queue.stop",
      summary: "Stops the write queue (tags launch as usual again); it is kept, and cards.queue.resume goes on at the next game.",
      params: null,
      result: CardQueueStatus,
      handler: () => queue.halt(),
    }),
    defineMethod({
      name: "cards.queue.resume",
      summary: "Runs a stopped write queue again from its next game.",
      params: null,
      result: CardQueueStatus,
      handler: () => queue.resume(),
    }),
    defineMethod({
      name: "cards.queue.skip",
      summary: "Skips the next game of the write queue.",
      params: null,
      result: CardQueueStatus,
      handler: () => queue.skip(),
    }),
    defineMethod({
      name: "cards.queue.retry",
      summary:
        "With `index`: that game is to be written again (it becomes the next game unless an earlier one is pending). Without: after a failed write, writes the game again to the tag still on that reader (else the next tag presented gets it).",
      params: CardQueueRetryParams,
      result: CardQueueStatus,
      example: { index: 0 },
      handler: (p) => queue.retry(p?.index),
    }),
    defineMethod({
      name: "cards.queue.confirm",
      summary:
        "Answers the queue's question about a tag that holds data: overwrite true writes the next game to it, read back and verified (1003 when it was taken off; a write that fails answers phase failed with its error), false leaves it as it is.",
      params: CardQueueConfirmParams,
      result: CardQueueStatus,
      example: { overwrite: false },
      handler: (p) => queue.confirm(p.overwrite),
    }),
    defineMethod({
      name: "cards.queue.clear",
      summary: "Forgets the write queue (the card set stays).",
      params: null,
      result: CardQueueStatus,
      handler: () => queue.clear(),
    }),
  ];
}
