import type { SqlDatabase } from "../../runtime/types.ts";
import type { ServiceEvents } from "../events.ts";
import type { MediaService } from "../media/media-service.ts";
import { CardSets } from "./card-sets.ts";
import { CardSources } from "./card-sources.ts";
import { type LabelRenderer } from "./labels/label-renderer.ts";
import { libraryLabels } from "./labels/library-labels.ts";
import { type QueueReaders, WriteQueue } from "./write-queue.ts";

/** Making the cards: the card sets, their tag write queue and their labels, built together over one library. */
export interface CardServices {
  sets: CardSets;
  queue: WriteQueue;
  labels: LabelRenderer;
}

export function cardServices(deps: {
  db: SqlDatabase;
  events: ServiceEvents;
  now: () => number;
  media: MediaService;
  readers: QueueReaders;
  /** The port the service listens on (launch links on labels). */
  port: () => number;
}): CardServices {
  const sets = new CardSets(deps.db, deps.now, new CardSources(deps.media));
  const queue = new WriteQueue({ db: deps.db, events: deps.events, now: deps.now, sets, readers: deps.readers });
  return { sets, queue, labels: libraryLabels(deps.media, sets, deps.port) };
}
