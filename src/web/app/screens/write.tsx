import { useEffect, useState } from "preact/hooks";
import { buildMessage, textRecord } from "../../../core/ndef/records.ts";
import { buildNdefTlv } from "../../../core/ndef/tlv.ts";
import { traceText } from "../../../core/trace/text.ts";
import type { ScanTrace } from "../types.ts";
import { useAction, useApp, useLive } from "../hooks.ts";
import { Notice } from "../ui/notice.tsx";

/** Bytes the text takes on a Type 2 tag: an NDEF Text record inside its TLV. */
export function bytesOnTag(text: string): number {
  return buildNdefTlv(buildMessage([textRecord(text)])).length;
}

/** Data area of the common NTAG sizes, for the hint when the tag does not say. */
const COMMON = "NTAG213 holds 144 bytes, NTAG215 504, NTAG216 888";

/** Pause after typing before the device is asked what the text would do. */
const CHECK_DEBOUNCE_MS = 400;

/**
 * Free text to the tag on the reader, with the space it needs, the tag's capacity when known, and what the text
 * would do on this device (a dry run: its trace, nothing launched), so a tag is known to work before it is written.
 */
export function Write() {
  const { conn, navigate } = useApp();
  const { readers } = useLive();
  const [text, setText] = useState("");
  const [capacity, setCapacity] = useState<number | null>(null);
  const act = useAction();
  const writable = readers.filter((r) => r.connected && r.capabilities.some((c) => c.includes("write")));
  const needed = text ? bytesOnTag(text) : 0;
  const [check, setCheck] = useState<{ text: string; trace?: ScanTrace; error?: string } | null>(null);
  useEffect(() => {
    if (text.trim() === "") {
      setCheck(null);
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      conn.call<ScanTrace>("run", { text, dryRun: true }).then(
        (trace) => current && setCheck({ text, trace }),
        (err) => current && setCheck({ text, error: (err as Error).message }),
      );
    }, CHECK_DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [text, conn]);
  const works = check?.trace ? !check.trace.reason : false;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void act.run(async () => {
          try {
            await conn.call("readers.write", { text });
          } catch (err) {
            const held = /holds (\d+)/.exec((err as Error).message);
            if (held) setCapacity(Number(held[1]));
            throw err;
          }
          return "Written to the tag.";
        });
      }}
    >
      <p class="sub" data-testid="writable-readers">
        {writable.length ? `Writing with ${writable.map((r) => r.info || r.driver).join(", ")}. Place a tag on the reader.` : "No reader that can write is connected."}
      </p>
      <label>
        Text to write
        <textarea rows={4} class="mono" value={text} required onInput={(e) => setText(e.currentTarget.value)} spellcheck={false} />
      </label>
      <p class="sub" data-testid="tag-space">
        {text ? `Needs ${needed} bytes on the tag. ` : ""}
        {capacity !== null ? `This tag holds ${capacity} bytes.` : `${COMMON}.`}
      </p>
      {check && check.text === text && (
        <details class="check" data-testid="dry-run" open={!works}>
          <summary class={works ? "ok" : "bad"}>{check.error ? `Cannot check: ${check.error}` : works ? "Works on this device" : "Would not work on this device"}</summary>
          {check.trace && <pre class="trace mono">{traceText(check.trace)}</pre>}
        </details>
      )}
      <button type="submit" disabled={act.busy || text === ""}>
        Write to tag
      </button>
      <Notice error={act.error} message={act.message} />
      <p class="sub">
        Many games at once: a card set writes one tag after another and prints their labels.{" "}
        <a href="/app/cards" onClick={(e) => (e.preventDefault(), navigate("cards"))}>
          Card sets
        </a>
      </p>
    </form>
  );
}
