import type { Clock } from "../../core/clock.ts";
import { isDomainError } from "../../core/errors.ts";
import { UiBoard, type UiResult, type UiResultListener } from "../../core/ui-events/board.ts";
import type { UiRequest, UiUpdate } from "../../core/ui-events/request.ts";
import type { UiAction, UiOutcome, UiState } from "../../core/wire/ui.ts";
import { log } from "../../log.ts";
import type { ServiceEvents } from "../events.ts";

const logger = log.withTag("ui");

/** What a producer holds of the event it opened. */
export interface UiHandle {
  readonly id: string;
  /**
   * Ends the event from the producer's side; false when it had already ended (answered, timed out, superseded):
   * harmless, so a loader can always be completed when its work ends.
   */
  complete(outcome: UiOutcome): boolean;
  /** Changes the event while it is open; false when it has ended. */
  update(update: UiUpdate): boolean;
}

export interface UiEventsDeps {
  events: ServiceEvents;
  clock: Clock;
  newId?: () => string;
}

/**
 * The UI event service (`ui`, `ui.respond`, `ui.changed`): the board's rules (src/core/ui-events/) with the
 * service's clock and events around them. Every change goes to clients as `ui.changed`; an event's expiry is a
 * timer on the injected clock that asks the board to resolve it as `timed_out`.
 */
export class UiEventsService {
  readonly name = "ui";
  private readonly board: UiBoard;
  private timer: { handle: unknown; id: string; at: number } | null = null;

  constructor(private readonly deps: UiEventsDeps) {
    this.board = new UiBoard({
      now: () => deps.clock.now(),
      newId: deps.newId ?? (() => crypto.randomUUID()),
      changed: (state) => this.changed(state),
    });
  }

  state(): UiState {
    return this.board.state();
  }

  /** Opens an event (superseding the active one); `onResult` hears how it ended unless the producer ended it. */
  open(req: UiRequest, onResult?: (result: UiResult) => void): UiHandle {
    const listener: UiResultListener | undefined = onResult
      ? (r) => {
          try {
            onResult(r);
          } catch (err) {
            logger.warn("a UI event's producer failed to take its result:", err);
          }
        }
      : undefined;
    const id = this.board.open(req, listener);
    logger.debug(`UI event ${id} (${req.kind}) opened`);
    return {
      id,
      complete: (outcome) => this.quietly(() => this.board.complete(id, outcome)),
      update: (update) => this.quietly(() => this.board.update(id, update)),
    };
  }

  /** A person's answer (`ui.respond`); throws a DomainError when it does not fit the active event. */
  respond(id: string, action: UiAction, choiceId?: string): void {
    const result = this.board.respond(id, action, choiceId);
    logger.info(`UI event ${id} answered: ${result.outcome}`);
  }

  stop(): void {
    this.board.close();
    this.disarm();
  }

  /** Runs a producer's change; a stale event (already ended) is not an error for the producer. */
  private quietly(fn: () => void): boolean {
    try {
      fn();
      return true;
    } catch (err) {
      if (isDomainError(err) && err.kind === "not-found") return false;
      throw err;
    }
  }

  private changed(state: UiState): void {
    this.arm();
    this.deps.events.publish("ui.changed", state);
  }

  /** Keeps one timer at the active event's deadline. */
  private arm(): void {
    const due = this.board.deadline();
    if (due && this.timer && this.timer.id === due.id && this.timer.at === due.at) return;
    this.disarm();
    if (!due) return;
    const handle = this.deps.clock.set(() => {
      this.timer = null;
      if (!this.board.expire(due.id)) this.arm(); // woke early, or the event changed meanwhile
    }, Math.max(0, due.at - this.deps.clock.now()));
    this.timer = { handle, id: due.id, at: due.at };
  }

  private disarm(): void {
    if (this.timer) this.deps.clock.clear(this.timer.handle);
    this.timer = null;
  }
}
