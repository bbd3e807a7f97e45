import { useState } from "preact/hooks";
import { toyLabel } from "../../../core/ndef/type2-toys.ts";
import { traceText } from "../../../core/trace/text.ts";
import { useAction, useApp, useNotification, useRpc } from "../hooks.ts";
import type { HistoryEntry, ScanTrace } from "../types.ts";
import { Notice } from "../ui/notice.tsx";
import { Toast } from "../ui/toast.tsx";

/** Latest launches, newest first, success or failure visible; tapping one launches it again; "Why?" shows its trace. */
export function History() {
  const { conn } = useApp();
  const h = useRpc<{ entries: HistoryEntry[] }>("tokens.history");
  useNotification("launching", h.reload);
  useNotification("media.started", h.reload);
  const again = useAction();
  const entries = h.data?.entries ?? [];
  /** Traces shown, by history id (text, or why there is none). */
  const [why, setWhy] = useState<Record<number, string>>({});
  const explain = async (e: HistoryEntry) => {
    const id = e.id;
    if (id === undefined) return;
    if (why[id] !== undefined) {
      const { [id]: _shown, ...rest } = why;
      setWhy(rest);
      return;
    }
    let trace: ScanTrace | undefined = e.trace;
    if (!trace) {
      try {
        trace = (await conn.call<{ trace?: ScanTrace }>("tokens.trace", { id })).trace;
      } catch (err) {
        setWhy({ ...why, [id]: (err as Error).message });
        return;
      }
    }
    setWhy({ ...why, [id]: trace ? traceText(trace) : "No trace: this launch was recorded before traces were kept." });
  };
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
              <span class="title mono">{e.text || toyLabel(e) || e.uid || "(empty)"}</span>
              <span class="sub">{new Date(e.time).toLocaleString()}</span>
            </button>
            <span class={e.success ? "ok" : "bad"}>{e.success ? "launched" : "failed"}</span>
            {e.id !== undefined && (
              <button type="button" class="secondary" aria-expanded={why[e.id] !== undefined} onClick={() => explain(e)}>
                Why?<span class="visually-hidden"> {e.text || e.uid || "(empty)"}</span>
              </button>
            )}
            {e.id !== undefined && why[e.id] !== undefined && (
              <pre class="trace mono" data-testid="trace">
                {why[e.id]}
              </pre>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
