import { useEffect, useState } from "preact/hooks";
import { useAction, useApp } from "../hooks.ts";
import { Notice } from "../ui/notice.tsx";

/** On the device itself: opens a pairing window and shows the PIN to type on the phone. */
export function PairAPhone() {
  const { conn } = useApp();
  const [pin, setPin] = useState<{ pin: string; expiresAt: string } | null>(null);
  const act = useAction();
  useEffect(() => {
    if (!pin) return;
    const t = setTimeout(() => setPin(null), Math.max(0, Date.parse(pin.expiresAt) - Date.now()));
    return () => clearTimeout(t);
  }, [pin]);
  return (
    <section aria-labelledby="h-pair">
      <h2 id="h-pair">Pair a phone</h2>
      <p class="sub">Open this page on the phone (same network), then type the PIN shown here.</p>
      {pin ? (
        <>
          <p class="pin" data-testid="pin" aria-label={`PIN ${pin.pin.split("").join(" ")}`}>
            {pin.pin}
          </p>
          <p class="sub">Valid until {new Date(pin.expiresAt).toLocaleTimeString()}, for one phone.</p>
          <button type="button" class="secondary" onClick={() => act.run(async () => (await conn.call("clients.pair.cancel"), setPin(null), "Pairing cancelled."))}>
            Cancel pairing
          </button>
        </>
      ) : (
        <button type="button" onClick={() => act.run(async () => (setPin(await conn.call<{ pin: string; expiresAt: string }>("clients.pair.start")), undefined))}>
          Pair a phone
        </button>
      )}
      <Notice error={act.error} message={act.message} />
    </section>
  );
}
