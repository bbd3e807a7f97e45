import { type } from "../lazy-arktype.ts";

/**
 * UI events (`ui`, `ui.respond`, `ui.changed`) in the reference's shapes: one transient request at a time that
 * the device and every client may render (a notice, a loader, a picker or a confirmation), answered once.
 */

export const UI_EVENT_KINDS = ["notice", "loader", "picker", "confirm"] as const;
export type UiEventKind = (typeof UI_EVENT_KINDS)[number];
export const UI_ACTIONS = ["dismiss", "select", "confirm"] as const;
export type UiAction = (typeof UI_ACTIONS)[number];
export const UI_OUTCOMES = ["confirmed", "selected", "dismissed", "timed_out", "completed", "superseded", "cancelled"] as const;
export type UiOutcome = (typeof UI_OUTCOMES)[number];

export const UiChoice = type({ id: "string", label: "string" });
export type UiChoice = typeof UiChoice.infer;

export const UiEvent = type({
  /** Opaque; `ui.respond` names it. */
  id: "string",
  kind: "'notice' | 'loader' | 'picker' | 'confirm'",
  "title?": "string",
  "message?": "string",
  /** A picker's choices (opaque ids, display labels); the values they stand for stay in the service. */
  "choices?": UiChoice.array(),
  "selectedChoiceId?": "string",
  /** Whether `dismiss` is accepted. */
  dismissible: "boolean",
  /** RFC 3339. */
  createdAt: "string",
  /** RFC 3339: when the event resolves as `timed_out`; absent for events their producer ends (loaders). */
  "expiresAt?": "string",
});
export type UiEvent = typeof UiEvent.infer;

export const UiResolution = type({
  id: "string",
  outcome: "'confirmed' | 'selected' | 'dismissed' | 'timed_out' | 'completed' | 'superseded' | 'cancelled'",
  "choiceId?": "string",
});
export type UiResolution = typeof UiResolution.infer;

/** `ui` and `ui.changed`: the whole state at `revision` (newer revisions replace older ones). */
export const UiState = type({
  /** Grows with every change; a client ignores a snapshot older than the one it holds. */
  revision: "number.integer >= 0",
  /** Active events: zero or one. */
  events: UiEvent.array(),
  /** The events this change resolved (always empty in the `ui` answer). */
  resolved: UiResolution.array(),
});
export type UiState = typeof UiState.infer;

export const UiRespondParams = type({
  id: "0 < string <= 128",
  action: "'dismiss' | 'select' | 'confirm'",
  /** Required for `select`: one of the picker's choice ids. */
  "choiceId?": "string <= 128",
});
export type UiRespondParams = typeof UiRespondParams.infer;
