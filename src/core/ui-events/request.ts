import { DomainError } from "../errors.ts";
import { utf8Length } from "../tags/chars.ts";
import type { UiEventKind } from "../wire/ui.ts";

/**
 * What a producer asks the UI event board to show, and the reference's limits on it. Pure.
 */

export const UI_LIMITS = { titleBytes: 512, messageBytes: 16 * 1024, choices: 1000, labelBytes: 512 } as const;

/** A picker choice: the label clients see and the value only the producer gets back. */
export interface UiChoiceRequest<V = unknown> {
  label: string;
  value?: V;
}

export interface UiRequest<V = unknown> {
  kind: UiEventKind;
  title?: string;
  message?: string;
  /** A picker's choices (at least one); other kinds take none. */
  choices?: Array<UiChoiceRequest<V>>;
  /** The picker's preselected choice: an index, 0 when absent, -1 for none. */
  selectedChoice?: number;
  /** Milliseconds until the event resolves as `timed_out`; absent or ≤ 0: open until resolved. */
  timeoutMs?: number;
  dismissible?: boolean;
}

/** A change to an open event; absent fields stay. `timeoutMs` ≤ 0 or null removes the expiry. */
export interface UiUpdate {
  title?: string;
  message?: string;
  dismissible?: boolean;
  timeoutMs?: number | null;
}

const invalid = (why: string) => new DomainError("invalid", `invalid UI event request: ${why}`);

function checkText(title: string | undefined, message: string | undefined): void {
  if (title !== undefined && utf8Length(title) > UI_LIMITS.titleBytes) throw invalid(`title exceeds ${UI_LIMITS.titleBytes} bytes`);
  if (message !== undefined && utf8Length(message) > UI_LIMITS.messageBytes) throw invalid(`message exceeds ${UI_LIMITS.messageBytes} bytes`);
}

/** Throws (invalid) when a request breaks the reference's rules. */
export function checkRequest(req: UiRequest): void {
  checkText(req.title, req.message);
  const choices = req.choices ?? [];
  if (choices.length > UI_LIMITS.choices) throw invalid(`choices exceed ${UI_LIMITS.choices} items`);
  if (req.kind === "picker" && choices.length === 0) throw invalid("a picker needs at least one choice");
  if (req.kind !== "picker" && choices.length > 0) throw invalid("only a picker has choices");
  for (const c of choices) {
    if (c.label === "") throw invalid("a choice needs a label");
    if (utf8Length(c.label) > UI_LIMITS.labelBytes) throw invalid(`a choice label exceeds ${UI_LIMITS.labelBytes} bytes`);
  }
  const selected = req.selectedChoice ?? 0;
  if (choices.length > 0 && (!Number.isInteger(selected) || selected < -1 || selected >= choices.length)) throw invalid("the selected choice is out of range");
}

export function checkUpdate(update: UiUpdate): void {
  checkText(update.title, update.message);
}
