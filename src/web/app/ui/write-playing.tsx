import { useState } from "preact/hooks";
import { useAction, useApp, useLive } from "../hooks.ts";
import { Notice } from "./notice.tsx";

/** The service waits 30 s for a tag; the page waits a little longer for its answer. */
const WAIT_MS = 40_000;

/**
 * "Write to a tag": the launch script of what is playing goes to the next tag presented on a reader that can
 * write (`readers.write.playing`), with Cancel (`readers.write.cancel`) while it waits.
 */
export function WritePlayingButton() {
  const { conn } = useApp();
  const live = useLive();
  const act = useAction();
  const [cancelled, setCancelled] = useState(false);
  const writable = live.readers.some((r) => r.connected && r.capabilities.includes("write"));
  const why = !live.active ? "Start a game to write it to a tag." : !writable ? "No reader that can write is connected." : "";
  return (
    <div class="row" data-testid="write-playing">
      <button
        type="button"
        disabled={!live.active || !writable || act.busy}
        onClick={() => {
          setCancelled(false);
          void act.run(async () => {
            try {
              const r = await conn.call<{ text: string; readerId: string }>("readers.write.playing", undefined, WAIT_MS);
              return `Written to the tag: ${r.text}`;
            } catch (err) {
              if ((err as Error).message.includes("cancelled")) return "Cancelled.";
              throw err;
            }
          });
        }}
      >
        Write to a tag
      </button>
      {act.busy ? (
        <button
          type="button"
          disabled={cancelled}
          onClick={() => {
            setCancelled(true);
            void conn.call("readers.write.cancel");
          }}
        >
          Cancel
        </button>
      ) : null}
      <Notice error={act.error} message={act.busy ? "Place a tag on the reader…" : (act.message ?? why)} />
    </div>
  );
}
