import { useEffect, useState } from "preact/hooks";
import { useAction, useApp, useConnState } from "../hooks.ts";
import { saveCredentials } from "../rpc/credentials.ts";
import { FriendlyError } from "../rpc/errors.ts";

/** The PAKE (elliptic-curve math, the largest part of the app) loads only on this screen. */
const loadPairing = () => import("../rpc/pairing.ts");
import { Notice } from "../ui/notice.tsx";

function defaultName(): string {
  const ua = navigator.userAgent;
  const os = /Android/.test(ua) ? "Android" : /iPhone|iPad/.test(ua) ? "iPhone" : /Mac/.test(ua) ? "Mac" : /Windows/.test(ua) ? "Windows" : /Linux/.test(ua) ? "Linux" : "";
  return os ? `Web browser on ${os}` : "Web browser";
}

/** A remote browser without credentials: PIN pairing, then the encrypted session starts. */
export function Pair() {
  const { conn, navigate } = useApp();
  const state = useConnState();
  const [pin, setPin] = useState("");
  const [name, setName] = useState(defaultName);
  const act = useAction();
  useEffect(() => void loadPairing().catch(() => {}), []);
  if (state.kind === "open") {
    return (
      <>
        <p role="status">This browser is paired and connected.</p>
        <button type="button" onClick={() => navigate("")}>
          Go to Home
        </button>
      </>
    );
  }
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void act.run(async () => {
          const { pairWithPin } = await loadPairing().catch(() => {
            throw new FriendlyError("The device is not reachable right now.");
          });
          const creds = await pairWithPin(pin.trim(), name.trim() || "Web browser");
          saveCredentials(creds);
          conn.restart();
          return "Paired. Connecting…";
        });
      }}
    >
      <p>{state.kind === "pair" && state.reason ? state.reason : "This device only talks to paired browsers."}</p>
      <p class="sub">On the device, open Settings › Pair a phone (or run “tapserve pair”) to get a 6-digit PIN.</p>
      <label>
        PIN
        <input name="pin" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]{6}" maxLength={6} required value={pin} onInput={(e) => setPin(e.currentTarget.value)} class="pin-input" />
      </label>
      <label>
        Name for this browser
        <input name="name" value={name} maxLength={64} onInput={(e) => setName(e.currentTarget.value)} />
      </label>
      <button type="submit" disabled={act.busy}>
        {act.busy ? "Pairing…" : "Pair"}
      </button>
      <Notice error={act.error} message={act.message} />
    </form>
  );
}
