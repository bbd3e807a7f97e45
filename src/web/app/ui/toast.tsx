import { useEffect, useState } from "preact/hooks";

/**
 * The outcome of an action started from a long list (Launch on the 20th result): shown above the navigation,
 * where it is seen whatever the scroll position, without moving the list. News fades after a few seconds;
 * an error stays until dismissed or the next action. `seq` tells one outcome from the next.
 */
export function Toast({ error, message, seq }: { error?: string | undefined; message?: string | undefined; seq: number }) {
  const [closed, setClosed] = useState(-1);
  useEffect(() => {
    if (error || !message) return;
    const t = setTimeout(() => setClosed(seq), 4000);
    return () => clearTimeout(t);
  }, [seq, error, message]);
  const text = closed === seq ? undefined : (error ?? message);
  return (
    <div class="toast-region" role="status">
      {text && (
        <p class={error ? "toast error" : "toast"} role={error ? "alert" : undefined}>
          <span>{text}</span>
          {error && (
            <button type="button" class="secondary small" onClick={() => setClosed(seq)}>
              Dismiss
            </button>
          )}
        </p>
      )}
    </div>
  );
}
