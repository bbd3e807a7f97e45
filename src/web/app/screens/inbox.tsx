import { useState } from "preact/hooks";
import { useAction, useApp, useLive } from "../hooks.ts";
import type { InboxMessage } from "../types.ts";
import { Notice } from "../ui/notice.tsx";

const SEVERITY = ["Info", "Warning", "Error"] as const;

function Message({ m, remove, busy }: { m: InboxMessage; remove(): void; busy: boolean }) {
  return (
    <li class="mapping" data-testid="inbox-message">
      <span class="title">{m.title}</span>
      {m.body && <p class="msg-body">{m.body}</p>}
      <span class="sub">
        <span class={`sev-${m.severity}`}>{SEVERITY[m.severity]}</span> · <time dateTime={m.createdAt}>{new Date(m.createdAt).toLocaleString()}</time>
      </span>
      <button type="button" class="secondary small" disabled={busy} aria-label={`Delete: ${m.title}`} onClick={remove}>
        Delete
      </button>
    </li>
  );
}

/** What the device wants its owner to know (problems it found and worked around), newest first. */
export function Inbox() {
  const { conn, live } = useApp();
  const { inbox } = useLive();
  const act = useAction();
  const [confirming, setConfirming] = useState(false);
  const done = async (fn: () => Promise<unknown>, message: string) => {
    await fn();
    await live.refreshInbox();
    return message;
  };
  return (
    <>
      <Notice error={act.error} message={act.message} />
      <p class="sub">{inbox.length === 0 ? "No messages." : "Newest first."}</p>
      <ul class="list" data-testid="inbox">
        {inbox.map((m) => (
          <Message key={m.id} m={m} busy={act.busy} remove={() => act.run(() => done(() => conn.call("inbox.delete", { id: m.id }), "Message deleted."))} />
        ))}
      </ul>
      {inbox.length > 0 &&
        (confirming ? (
          <p class="actions">
            Delete every message?{" "}
            <button type="button" class="danger" disabled={act.busy} onClick={() => act.run(() => done(() => conn.call("inbox.clear"), "Inbox cleared.")).then(() => setConfirming(false))}>
              Yes, delete all
            </button>{" "}
            <button type="button" class="secondary" onClick={() => setConfirming(false)}>
              Keep them
            </button>
          </p>
        ) : (
          <button type="button" class="danger" onClick={() => setConfirming(true)}>
            Delete all
          </button>
        ))}
    </>
  );
}
