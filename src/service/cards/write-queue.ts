/**
 * The tag write queue: a card set becomes a queue; while it runs, each tag put on a write-capable reader is the
 * queue's (not launched): a blank one gets the next game's script, written and read back by the reader (a write
 * cut short leaves the tag empty, never half a message) before the queue moves on; a tag holding data waits for
 * `confirm`; a failed write keeps the game next, so the next tag presented (the same card again) is written
 * again. Every change is announced as `cards.queue.changed`; the queue's state is in the user database, so a
 * restart resumes at the next game. A `readers.write` waiting for a tag still takes the tag first.
 */
import { afterWrite, again, decide, nextIndex, type PresentedTag, type QueueData, type QueueRuntime, queueChange, queueStatus, skip, WAITING } from "../../core/cards/queue-state.ts";
import { DomainError } from "../../core/errors.ts";
import type { ScannedToken } from "../../core/token.ts";
import type { CardQueueStatus } from "../../core/wire/cards.ts";
import { log, outside } from "../../log.ts";
import type { SqlDatabase } from "../../runtime/types.ts";
import type { ServiceEvents } from "../events.ts";
import type { Lifecycle } from "../lifecycle.ts";
import type { TagClaimer } from "../readers/readers-service.ts";
import type { CardSets } from "./card-sets.ts";
import { QueueStore } from "./queue-store.ts";

const logger = log.withTag("cards");

/** What the queue needs of the readers (ReadersService). */
export interface QueueReaders {
  claimTags(claimer: TagClaimer | null): void;
  /** Writes `text` to the tag on `readerId` now (never waiting for one) and reads it back; throws a ReaderWriteError when that fails. */
  writeNow(text: string, readerId: string): Promise<void>;
  activeTokens(): ScannedToken[];
}

export interface WriteQueueDeps {
  db: SqlDatabase;
  events: ServiceEvents;
  now: () => number;
  sets: CardSets;
  readers: QueueReaders;
}

export class WriteQueue implements Lifecycle, TagClaimer {
  readonly name = "cards.queue";
  private readonly store: QueueStore;
  private data: QueueData | null = null;
  private runtime: QueueRuntime = WAITING;
  /** The reader whose write failed last (retry writes its tag again when it is still there). */
  private failedOn: string | null = null;

  constructor(private readonly deps: WriteQueueDeps) {
    this.store = new QueueStore(deps.db, deps.now);
  }

  start(): void {
    this.data = this.store.load();
    if (this.data?.state === "running") logger.info(`resuming the write queue of "${this.data.setName}" at game ${(this.status().next ?? 0) + 1} of ${this.data.entries.length}`);
    this.deps.readers.claimTags(this);
  }

  stop(): void {
    this.deps.readers.claimTags(null);
  }

  /** Reads the saved queue again (the user database was restored from a backup). */
  reload(): void {
    this.data = this.store.load();
    this.runtime = WAITING;
    this.publish();
  }

  status(): CardQueueStatus {
    return queueStatus(this.data, this.runtime);
  }

  /** Makes a set the queue (replacing any other) and runs it. */
  begin(setId: number): CardQueueStatus {
    const set = this.deps.sets.get(setId);
    if (set.items.length === 0) throw new DomainError("invalid", `card set "${set.set.name}" has no games`);
    this.guardWriting();
    const entries = set.items.map((i) => ({ itemId: i.itemId, title: i.title, systemName: i.systemName, script: i.script, status: "pending" as const }));
    this.update({ setId, setName: set.set.name, state: "running", entries }, WAITING);
    logger.info(`write queue of "${set.set.name}" started: ${entries.length} games`);
    return this.status();
  }

  /** Stops claiming tags; the queue is kept (resume goes on at the next game). */
  halt(): CardQueueStatus {
    const data = this.need();
    this.guardWriting();
    if (data.state === "running") this.update({ ...data, state: "stopped" }, WAITING);
    return this.status();
  }

  resume(): CardQueueStatus {
    const data = this.need();
    if (data.state === "stopped") this.update({ ...data, state: "running" }, WAITING);
    return this.status();
  }

  /** Skips the next game. */
  skip(): CardQueueStatus {
    const data = this.need();
    this.guardWriting();
    this.update(skip(data), WAITING, nextIndex(data.entries));
    return this.status();
  }

  /**
   * `index`: that game is written again (its card lost or wrong): it becomes pending and comes before later ones.
   * Without: after a failed write, the tag still on that reader is written again now (else the next one presented).
   */
  async retry(index?: number): Promise<CardQueueStatus> {
    const data = this.need();
    this.guardWriting();
    if (index !== undefined) {
      if (index >= data.entries.length) throw new DomainError("invalid", `the queue has no game ${index} (it has ${data.entries.length})`);
      this.update(again(data, index), WAITING, index);
      return this.status();
    }
    const on = this.failedOn;
    const tag = on ? this.deps.readers.activeTokens().find((t) => t.readerId === on) : undefined;
    if (this.runtime.phase === "failed" && on && tag && data.state === "running") {
      await this.writeNext(on, tag.uid);
      return this.status();
    }
    if (this.runtime.phase === "failed") this.update(data, WAITING);
    return this.status();
  }

  /** Answers the question about a tag that holds data: overwrite it with the next game, or leave it. */
  async confirm(overwrite: boolean): Promise<CardQueueStatus> {
    const data = this.need();
    const asked = this.runtime.confirm;
    if (this.runtime.phase !== "confirm" || !asked || data.state !== "running") throw new DomainError("unavailable", "no tag is waiting for confirmation", { reason: "nothing-to-confirm" });
    if (!overwrite) {
      this.update(data, WAITING);
      return this.status();
    }
    const still = this.deps.readers.activeTokens().find((t) => t.readerId === asked.readerId && t.uid === asked.uid);
    if (!still) {
      this.update(data, WAITING);
      throw new DomainError("unavailable", "the tag was taken off the reader; put it back to be asked again", { reason: "no-tag" });
    }
    await this.writeNext(asked.readerId, asked.uid);
    return this.status();
  }

  /** Forgets the queue. */
  clear(): CardQueueStatus {
    this.guardWriting();
    this.data = null;
    this.runtime = WAITING;
    this.store.clear();
    this.publish();
    return this.status();
  }

  /** A set was deleted: its queue went with it. */
  setDeleted(setId: number): void {
    if (this.data?.setId !== setId) return;
    this.data = null;
    this.runtime = WAITING;
    this.publish();
  }

  // --- TagClaimer: tags on write-capable readers while the queue runs ---

  presented(readerId: string, token: ScannedToken): boolean {
    const tag: PresentedTag = { readerId, uid: token.uid, text: token.text, data: token.data };
    const d = decide(this.data, this.runtime, tag);
    switch (d.kind) {
      case "pass":
        return false;
      case "hold":
        return true;
      case "ask":
        logger.info(`tag ${token.uid || "-"} on ${readerId} holds data (${outside(token.text, 60)}): asking before overwriting`);
        this.update(this.data!, { phase: "confirm", confirm: { readerId, uid: token.uid, text: token.text } });
        return true;
      case "write":
        this.writeNext(readerId, token.uid).catch((err) => logger.error("write queue:", err));
        return true;
    }
  }

  removed(readerId: string): void {
    if (this.runtime.phase === "confirm" && this.runtime.confirm?.readerId === readerId) this.update(this.data!, WAITING);
  }

  // ---

  /** Writes the next game to the tag on `readerId`; the reader reads it back and compares before it counts. */
  private async writeNext(readerId: string, uid: string): Promise<void> {
    const data = this.data;
    const index = data ? this.status().next : undefined;
    if (!data || index === undefined) return;
    const entry = data.entries[index]!;
    this.update(data, { phase: "writing" }, index);
    try {
      await this.deps.readers.writeNow(entry.script, readerId);
    } catch (err) {
      const why = err instanceof Error ? err.message : String(err);
      logger.warn(`write queue: game ${index + 1} (${entry.title}) not written to tag ${uid || "-"}: ${why}`);
      this.failedOn = readerId;
      if (this.data === data || this.data?.setId === data.setId) this.update(this.data!, { phase: "failed", error: `${entry.title} was not written: ${why}` }, index);
      return;
    }
    this.failedOn = null;
    logger.info(`write queue: game ${index + 1} of ${data.entries.length} (${entry.title}) written to tag ${uid || "-"} on ${readerId}, verified`);
    const current = this.data ?? data;
    this.update(afterWrite(current, index, uid, readerId), WAITING, index);
  }

  private need(): QueueData {
    if (!this.data) throw new DomainError("not-found", "there is no write queue: start one from a card set (cards.queue.start)");
    return this.data;
  }

  private guardWriting(): void {
    if (this.runtime.phase === "writing") throw new DomainError("busy", "a tag is being written; try again when it is done");
  }

  /** Takes the new state, saves it when it changed, and tells it (about game `index` when given). */
  private update(data: QueueData, runtime: QueueRuntime, index?: number): void {
    const persist = data !== this.data;
    this.data = data;
    this.runtime = data.state === "running" ? runtime : WAITING;
    if (persist) this.store.save(data);
    this.publish(index);
  }

  private publish(index?: number): void {
    this.deps.events.publish("cards.queue.changed", queueChange(this.data, this.runtime, index));
  }
}
