import type { Clock } from "../../core/clock.ts";
import { DomainError } from "../../core/errors.ts";
import type { InboxMessage, InboxSeverity } from "../../core/wire/inbox.ts";
import { log } from "../../log.ts";
import type { SqlDatabase } from "../../runtime/types.ts";
import type { ServiceEvents } from "../events.ts";
import { InboxRepository, type InboxRow } from "./inbox-repo.ts";

/** Most messages kept; the oldest go first. */
export const INBOX_LIMIT = 100;
const MAX_TITLE = 200;
const MAX_BODY = 4000;
const logger = log.withTag("inbox");

/** What a producer says: a short title, optional detail, how bad, and a category when one entry per kind is enough. */
export interface InboxEntry {
  title: string;
  body?: string;
  severity: InboxSeverity;
  category?: string;
}

/** Where producers put their messages (the inbox service; tests may hand a recorder). */
export interface InboxSink {
  add(entry: InboxEntry): InboxMessage | null;
}

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

function toWire(r: InboxRow): InboxMessage {
  return {
    id: r.id,
    title: r.title,
    ...(r.body ? { body: r.body } : {}),
    severity: r.severity as InboxSeverity,
    ...(r.category ? { category: r.category } : {}),
    ...(r.profileId > 0 ? { profileId: r.profileId } : {}),
    createdAt: new Date(r.created).toISOString(),
  };
}

/**
 * The persistent inbox: messages for the device's owner about problems the service found (and mostly worked
 * around), kept in the user database across restarts, newest first, bounded. Each new message is announced as
 * `inbox.added`.
 */
export class InboxService implements InboxSink {
  private readonly repo: InboxRepository;

  constructor(
    db: SqlDatabase,
    private readonly events: ServiceEvents,
    private readonly clock: Pick<Clock, "now">,
    limit = INBOX_LIMIT,
  ) {
    this.repo = new InboxRepository(db, limit);
  }

  list(): InboxMessage[] {
    return this.repo.list().map(toWire);
  }

  /** Stores and announces a message; a failure to store is logged, never thrown at the producer. */
  add(entry: InboxEntry): InboxMessage | null {
    let message: InboxMessage;
    try {
      const row = this.repo.put({
        title: clip(entry.title, MAX_TITLE),
        body: clip(entry.body ?? "", MAX_BODY),
        severity: entry.severity,
        category: entry.category || null,
        profileId: 0,
        created: this.clock.now(),
      });
      message = toWire(row);
    } catch (err) {
      logger.error(`cannot store the inbox message "${entry.title}":`, err);
      return null;
    }
    logger.info(`inbox message ${message.id}: ${message.title}`);
    this.events.publish("inbox.added", message);
    return message;
  }

  delete(id: number): void {
    if (!this.repo.delete(id)) throw new DomainError("not-found", `inbox message ${id} not found`);
  }

  clear(): number {
    return this.repo.clear();
  }
}
