import { DomainError } from "../errors.ts";
import type { UiAction, UiEvent, UiOutcome, UiResolution, UiState } from "../wire/ui.ts";
import { checkRequest, checkUpdate, type UiRequest, type UiUpdate } from "./request.ts";

/**
 * The UI event board: the reference's rules for the one transient request the device shows at a time. Opening
 * an event supersedes the one before; the first valid answer wins (`respond` from a person, `complete` from the
 * producer, the expiry, a cancel); every change raises the revision and is handed to `changed` as the whole
 * state plus what it resolved. Time comes from `now`: the board never waits, its owner calls `expire` when the
 * deadline (`deadline()`) has come. Pure.
 */

/** What a producer learns when its event ends other than by its own `complete`. */
export interface UiResult<V = unknown> {
  outcome: UiOutcome;
  choiceId?: string;
  /** The selected choice's private value. */
  value?: V;
}

export type UiResultListener = (result: UiResult) => void;

/** Outcomes a producer may end its own event with. */
const PRODUCER_OUTCOMES: ReadonlySet<UiOutcome> = new Set(["confirmed", "dismissed", "completed", "cancelled"]);

interface Active {
  event: UiEvent;
  expiresAt: number | null;
  values: Map<string, unknown>;
  listener: UiResultListener | undefined;
}

export interface UiBoardDeps {
  now(): number;
  newId(): string;
  /** Told every change: the state after it and the resolutions it made. */
  changed(state: UiState): void;
}

const iso = (ms: number) => new Date(ms).toISOString();

export class UiBoard {
  private active: Active | null = null;
  private revision = 0;
  private closed = false;

  constructor(private readonly deps: UiBoardDeps) {}

  /** The state now; `resolved` is always empty here (resolutions travel with `changed`). */
  state(resolved: UiResolution[] = []): UiState {
    const events = this.active ? [copyEvent(this.active.event)] : [];
    return { revision: this.revision, events, resolved };
  }

  /** When the active event expires (ms), or null. */
  deadline(): { id: string; at: number } | null {
    return this.active && this.active.expiresAt !== null ? { id: this.active.event.id, at: this.active.expiresAt } : null;
  }

  /** The id of the active event, if any. */
  activeId(): string | undefined {
    return this.active?.event.id;
  }

  /** Opens an event, superseding the active one (whose producer hears `superseded`). Returns the new id. */
  open(req: UiRequest, listener?: UiResultListener): string {
    checkRequest(req);
    if (this.closed) throw new DomainError("unavailable", "the UI event service is closed");
    const now = this.deps.now();
    const id = this.deps.newId();
    const values = new Map<string, unknown>();
    const event: UiEvent = { id, kind: req.kind, dismissible: req.dismissible ?? false, createdAt: iso(now) };
    if (req.title) event.title = req.title;
    if (req.message) event.message = req.message;
    if (req.choices?.length) {
      event.choices = req.choices.map((c, i) => {
        const choiceId = this.deps.newId();
        values.set(choiceId, c.value);
        if (i === (req.selectedChoice ?? 0)) event.selectedChoiceId = choiceId;
        return { id: choiceId, label: c.label };
      });
    }
    const expiresAt = req.timeoutMs !== undefined && req.timeoutMs > 0 ? now + req.timeoutMs : null;
    if (expiresAt !== null) event.expiresAt = iso(expiresAt);
    const replaced = this.active;
    this.active = { event, expiresAt, values, listener };
    const resolved: UiResolution[] = replaced ? [{ id: replaced.event.id, outcome: "superseded" }] : [];
    this.bump(resolved);
    replaced?.listener?.({ outcome: "superseded" });
    return id;
  }

  /** A person's answer (`ui.respond`): the first valid one wins; a stale, expired or unfitting one throws. */
  respond(id: string, action: UiAction, choiceId?: string): UiResult {
    const entry = this.find(id);
    if (this.expired(entry)) {
      this.end(entry, { outcome: "timed_out" });
      throw new DomainError("not-found", "the UI event has expired");
    }
    const result = this.answer(entry, action, choiceId);
    this.end(entry, result);
    return result;
  }

  /** The producer ends its own event (confirmed, dismissed, completed or cancelled); its listener is not told. */
  complete(id: string, outcome: UiOutcome): void {
    if (!PRODUCER_OUTCOMES.has(outcome)) throw new DomainError("invalid", `a producer cannot end an event as ${outcome}`);
    const entry = this.find(id);
    if (this.expired(entry)) {
      this.end(entry, { outcome: "timed_out" });
      throw new DomainError("not-found", "the UI event has expired");
    }
    this.end(entry, { outcome }, false);
  }

  /** Cancels the active event; its producer hears `cancelled`. */
  cancel(id: string): void {
    this.end(this.find(id), { outcome: "cancelled" });
  }

  /** Changes the open event in place (same id); a new timeout counts from now. */
  update(id: string, update: UiUpdate): void {
    checkUpdate(update);
    const entry = this.find(id);
    if (this.expired(entry)) {
      this.end(entry, { outcome: "timed_out" });
      throw new DomainError("not-found", "the UI event has expired");
    }
    const e = entry.event;
    if (update.title !== undefined) setOrDelete(e, "title", update.title);
    if (update.message !== undefined) setOrDelete(e, "message", update.message);
    if (update.dismissible !== undefined) e.dismissible = update.dismissible;
    if (update.timeoutMs !== undefined) {
      entry.expiresAt = update.timeoutMs !== null && update.timeoutMs > 0 ? this.deps.now() + update.timeoutMs : null;
      if (entry.expiresAt === null) delete e.expiresAt;
      else e.expiresAt = iso(entry.expiresAt);
    }
    this.bump([]);
  }

  /** Resolves the event `id` as `timed_out` when its deadline has come; false when it has not (or it is gone). */
  expire(id: string): boolean {
    const entry = this.active;
    if (!entry || entry.event.id !== id || !this.expired(entry)) return false;
    this.end(entry, { outcome: "timed_out" });
    return true;
  }

  /** No event opens from now on; the active one is cancelled. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.active) this.end(this.active, { outcome: "cancelled" });
  }

  private find(id: string): Active {
    if (!this.active) throw new DomainError("not-found", "no active UI event");
    if (this.active.event.id !== id) throw new DomainError("not-found", "the UI event is not active");
    return this.active;
  }

  private expired(entry: Active): boolean {
    return entry.expiresAt !== null && this.deps.now() >= entry.expiresAt;
  }

  private answer(entry: Active, action: UiAction, choiceId: string | undefined): UiResult {
    const { kind, dismissible } = entry.event;
    if (action === "dismiss") {
      if (!dismissible) throw new DomainError("invalid", "the UI event is not dismissible");
      return { outcome: "dismissed" };
    }
    if (action === "confirm") {
      if (kind !== "confirm") throw new DomainError("invalid", `a ${kind} cannot be confirmed`);
      return { outcome: "confirmed" };
    }
    if (kind !== "picker") throw new DomainError("invalid", `a ${kind} has no choices to select`);
    if (!choiceId) throw new DomainError("invalid", "choiceId is required to select");
    if (!entry.values.has(choiceId)) throw new DomainError("invalid", "no such choice in the UI event");
    return { outcome: "selected", choiceId, value: entry.values.get(choiceId) };
  }

  private end(entry: Active, result: UiResult, tell = true): void {
    this.active = null;
    const resolution: UiResolution = { id: entry.event.id, outcome: result.outcome };
    if (result.choiceId) resolution.choiceId = result.choiceId;
    this.bump([resolution]);
    if (tell) entry.listener?.(result);
  }

  private bump(resolved: UiResolution[]): void {
    this.revision++;
    this.deps.changed(this.state(resolved));
  }
}

function setOrDelete(e: UiEvent, key: "title" | "message", value: string): void {
  if (value === "") delete e[key];
  else e[key] = value;
}

function copyEvent(e: UiEvent): UiEvent {
  return e.choices ? { ...e, choices: e.choices.map((c) => ({ ...c })) } : { ...e };
}
