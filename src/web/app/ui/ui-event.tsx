import { useEffect, useState } from "preact/hooks";
import type { UiAction, UiEvent, UiState } from "../types.ts";
import { useApp } from "../hooks.ts";
import { errorText } from "../rpc/errors.ts";

/**
 * The device's UI event (the launch guard's "Change game?", a loader while a backup runs …), shown under the header
 * on every screen and answerable here as on any other client: `ui` when the socket (re)opens, then `ui.changed`
 * (older revisions ignored). The first answer from anywhere wins; the panel closes when the event resolves.
 */
export function UiEventPanel() {
  const { conn } = useApp();
  const [state, setState] = useState<UiState | null>(null);
  const [error, setError] = useState<string>();
  useEffect(() => {
    const take = (next: UiState) =>
      setState((prev) => {
        if (prev && next.revision < prev.revision) return prev;
        return next;
      });
    const load = () => void conn.call<UiState>("ui").then(take, () => {});
    const offNote = conn.on("ui.changed", (p) => take(p as UiState));
    const offState = conn.onState((s) => {
      if (s.kind === "open") load();
    });
    if (conn.state.kind === "open" || conn.state.kind === "connecting") load();
    return () => {
      offNote();
      offState();
    };
  }, [conn]);
  const event = state?.events[0];
  useEffect(() => setError(undefined), [event?.id]); // an answer's error belongs to its event
  if (!event) return null;
  const answer = (action: UiAction, choiceId?: string) => {
    setError(undefined);
    conn.call("ui.respond", { id: event.id, action, ...(choiceId ? { choiceId } : {}) }).catch((e) => setError(errorText(e)));
  };
  return <EventCard event={event} error={error} answer={answer} />;
}

function EventCard({ event, error, answer }: { event: UiEvent; error: string | undefined; answer(action: UiAction, choiceId?: string): void }) {
  const asks = event.kind === "confirm" || event.kind === "picker";
  const heading = event.title ?? (event.kind === "loader" ? "Working…" : "");
  return (
    <section
      class={`ui-event ui-${event.kind}`}
      role={asks ? "alertdialog" : "status"}
      aria-label={heading || "Notice from the device"}
      aria-busy={event.kind === "loader" ? "true" : undefined}
      data-testid="ui-event"
    >
      {heading && <h2>{heading}</h2>}
      {event.message && <p class="sub">{event.message}</p>}
      {event.kind === "picker" && (
        <ul class="ui-choices">
          {(event.choices ?? []).map((c) => (
            <li key={c.id}>
              <button type="button" class="secondary" aria-pressed={c.id === event.selectedChoiceId ? "true" : "false"} onClick={() => answer("select", c.id)}>
                {c.label}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div class="row">
        {event.kind === "confirm" && (
          <button type="button" onClick={() => answer("confirm")}>
            Confirm
          </button>
        )}
        {event.dismissible && (
          <button type="button" class="secondary" onClick={() => answer("dismiss")}>
            {event.kind === "confirm" ? "Cancel" : "Dismiss"}
          </button>
        )}
      </div>
      {error && (
        <p class="notice error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
