import type { ServiceEvents } from "../events.ts";
import type { UiEventsService, UiHandle } from "./ui-events-service.ts";

/** What the device shows while each backup operation runs. */
const TITLES: Readonly<Record<string, string>> = {
  "local-create": "Creating a backup",
  "local-restore": "Restoring a backup",
  "remote-upload": "Backing up to the server",
  "remote-restore": "Restoring a backup from the server",
};

/**
 * Long operations as UI events (the reference shows a loader while it installs or downloads): a backup operation
 * (`backup.state`) is a loader from its start until it finishes, then completed. A loader never takes the place
 * of an event waiting for a person's answer (a launch guard's "Change game?"): then the operation shows none.
 */
export function backupLoaders(events: ServiceEvents, ui: UiEventsService): () => void {
  let loader: UiHandle | null = null;
  return events.subscribe((name, params) => {
    if (name !== "backup.state") return;
    const state = params as { operation?: string; finished?: boolean };
    if (state.finished) {
      loader?.complete("completed");
      loader = null;
      return;
    }
    if (loader || ui.state().events.length > 0) return;
    loader = ui.open({ kind: "loader", title: TITLES[state.operation ?? ""] ?? "Working", message: "This can take a while." });
  });
}
