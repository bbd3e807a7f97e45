import { useAction, useApp, useNotification, useRpc } from "../hooks.ts";
import type { HistoryEntry } from "../types.ts";
import { Notice } from "../ui/notice.tsx";
import { Toast } from "../ui/toast.tsx";

/** Latest launches, newest first, success or failure visible; tapping one launches it again. */
export function History() {
  const { conn } = useApp();
  const h = useRpc<{ entries: HistoryEntry[] }>("tokens.history");
  useNotification("launching", h.reload);
  useNotification("media.started", h.reload);
  const again = useAction();
  const entries = h.data?.entries ?? [];
  return (
    <>
      {h.error && <Notice error={h.error} />}
      <Toast error={again.error} message={again.message} seq={again.seq} />
      {h.data && <p class="sub">{entries.length === 0 ? "Nothing launched yet." : "Newest first. Tap an entry to launch it again."}</p>}
      <ul class="list" data-testid="history">
        {entries.map((e, i) => (
          <li key={`${e.time}-${i}`}>
            <button
              type="button"
              class="row-button"
              onClick={() => again.run(async () => (await conn.call("launch", { text: e.text, uid: e.uid, data: e.data }), "Launching again."))}
            >
              <span class="visually-hidden">Launch again: </span>
              <span class="title mono">{e.text || e.uid || "(empty)"}</span>
              <span class="sub">{new Date(e.time).toLocaleString()}</span>
            </button>
            <span class={e.success ? "ok" : "bad"}>{e.success ? "launched" : "failed"}</span>
          </li>
        ))}
      </ul>
    </>
  );
}
