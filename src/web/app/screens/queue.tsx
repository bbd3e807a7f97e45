import { useCallback, useRef, useState } from "preact/hooks";
import { useAction, useApp, useLive, useNotification, useRpc } from "../hooks.ts";
import type { CardQueueChanged, CardQueueStatus } from "../types.ts";
import { Toast } from "../ui/toast.tsx";

/** What the queue waits for, in a sentence. */
function headline(q: CardQueueStatus): string {
  const next = q.next !== undefined ? q.entries[q.next] : undefined;
  if (q.state === "idle") return "No write queue. Pick a card set and choose “Write to tags”.";
  if (q.state === "done") return "All cards are done.";
  if (q.state === "stopped") return `Stopped.${next ? ` Next: ${next.title}.` : ""}`;
  if (q.phase === "writing") return `Writing ${next?.title ?? ""}… keep the tag on the reader.`;
  if (q.phase === "confirm") return `This tag already holds “${q.confirm?.text ?? ""}”. Overwrite it with ${next?.title ?? "the next game"}?`;
  if (q.phase === "failed") return `${q.error ?? "The write failed."} Put the tag back, or another blank tag, to try again.`;
  return `Place a blank tag on the reader for ${next?.title ?? "the next game"}${next ? ` (${next.systemName})` : ""}.`;
}

const MARK = { written: "Written", skipped: "Skipped", pending: "" } as const;

/**
 * The write queue: progress, what it waits for, and its controls (skip, retry, stop, resume, and the answer when a
 * tag already holds data). Kept current by `cards.queue.changed`.
 */
export function Queue() {
  const { conn, navigate } = useApp();
  const { readers } = useLive();
  const writable = readers.filter((r) => r.connected && r.capabilities.includes("write"));
  const initial = useRpc<CardQueueStatus>("cards.queue");
  const [live, setLive] = useState<CardQueueStatus>();
  const q = live ?? initial.data;
  const shown = useRef(q);
  shown.current = q;
  // a change about one game is merged; any other (started, stopped, cleared, a question) is read in full
  const onChange = useCallback(
    (p: unknown) => {
      const { entry, ...summary } = p as CardQueueChanged;
      const base = shown.current;
      if (!base || !entry || base.setId !== summary.setId || base.total !== summary.total) {
        void conn.call<CardQueueStatus>("cards.queue").then(setLive, () => {});
        return;
      }
      setLive({ ...summary, entries: base.entries.map((e) => (e.index === entry.index ? entry : e)) });
    },
    [conn],
  );
  useNotification("cards.queue.changed", onChange);
  const act = useAction();
  const call = (method: string, params?: unknown, say?: string) =>
    act.run(async () => {
      setLive(await conn.call<CardQueueStatus>(method, params));
      return say;
    });
  if (!q) return <p class="sub">{initial.error ?? "Loading…"}</p>;
  const done = q.written + q.skipped;
  const running = q.state === "running";
  return (
    <>
      {q.setName && <h2>{q.setName}</h2>}
      <p class="count" data-testid="queue-progress">
        {q.total > 0 ? `${q.written} of ${q.total} written${q.skipped ? `, ${q.skipped} skipped` : ""}` : ""}
      </p>
      {q.total > 0 && <progress max={q.total} value={done} aria-label="Cards done" />}
      <p class={`card ${q.phase === "failed" && running ? "bad" : ""}`} role="status" aria-live="polite" data-testid="queue-status">
        {headline(q)}
      </p>
      {running && (
        <p class="sub" data-testid="queue-readers">
          {writable.length ? `Writing with ${writable.map((r) => r.info || r.driver).join(", ")}.` : "No reader that can write is connected."}
        </p>
      )}
      {running && q.phase === "confirm" && (
        <div class="actions">
          <button type="button" onClick={() => void call("cards.queue.confirm", { overwrite: true }, "Overwritten.")}>
            Overwrite
          </button>
          <button type="button" class="secondary" onClick={() => void call("cards.queue.confirm", { overwrite: false }, "Left as it was: take it off the reader.")}>
            Keep this tag
          </button>
        </div>
      )}
      <div class="actions">
        {running && (
          <button type="button" class="secondary" disabled={q.phase === "writing"} onClick={() => void call("cards.queue.skip", undefined, "Skipped.")}>
            Skip this game
          </button>
        )}
        {running && q.phase === "failed" && (
          <button type="button" onClick={() => void call("cards.queue.retry", undefined)}>
            Retry
          </button>
        )}
        {running && (
          <button type="button" class="secondary" disabled={q.phase === "writing"} onClick={() => void call("cards.queue.stop", undefined, "Stopped: tags launch as usual.")}>
            Stop
          </button>
        )}
        {q.state === "stopped" && (
          <button type="button" onClick={() => void call("cards.queue.resume")}>
            Resume
          </button>
        )}
        <button type="button" class="secondary" onClick={() => navigate("cards")}>
          Card sets
        </button>
      </div>
      <ol class="list" data-testid="queue-entries">
        {q.entries.map((e) => (
          <li key={e.index} aria-current={e.index === q.next ? "step" : undefined}>
            <span class="result-text">
              <span class="title">
                {e.index + 1}. {e.title}
              </span>
              <span class="sub">
                {e.systemName}
                {e.index === q.next ? " · next" : ""}
              </span>
            </span>
            <span class={e.status === "written" ? "ok" : "sub"}>{MARK[e.status]}</span>
            {e.status !== "pending" && (
              <button type="button" class="secondary small" aria-label={`Write ${e.title} again`} onClick={() => void call("cards.queue.retry", { index: e.index }, `${e.title} is next again.`)}>
                Again
              </button>
            )}
          </li>
        ))}
      </ol>
      <Toast error={act.error} message={act.message} seq={act.seq} />
    </>
  );
}
