import { type } from "../../core/lazy-arktype.ts";
import { UiRespondParams, UiState } from "../../core/wire/ui.ts";
import type { UiEventsService } from "../../service/ui-events/ui-events-service.ts";
import { defineMethod } from "../rpc/method.ts";

/** `ui` and `ui.respond`: the UI event the device shows now (the launch guard's "Change game?", a loader …). */
export function uiMethods(deps: { ui: UiEventsService }) {
  return [
    defineMethod({
      name: "ui",
      summary:
        "The UI event state: `events` (zero or one active event: notice, loader, picker or confirm, with its id, title, message, choices, dismissible, createdAt, expiresAt), `resolved` (always empty here; ui.changed carries resolutions) and `revision` (ignore older snapshots). Call it after (re)connecting; ui.changed follows every change.",
      params: null,
      result: UiState,
      handler: () => deps.ui.state(),
    }),
    defineMethod({
      name: "ui.respond",
      summary:
        "Answers the active UI event: `dismiss` (when dismissible), `confirm` (a confirm event), `select` with `choiceId` (a picker). The first valid answer wins; a stale or expired id answers 1001, an action the event does not take -32602. Confirming the launch guard's \"Change game?\" launches the staged token as `confirm` does; dismissing it drops the token.",
      params: UiRespondParams,
      result: type("null"),
      example: { id: "56969e9c-f863-4cc8-9c2c-d7512bf10d4d", action: "confirm" },
      handler: (p) => {
        deps.ui.respond(p.id, p.action, p.choiceId);
        return null;
      },
    }),
  ];
}
