import { type } from "../../core/lazy-arktype.ts";
import { PairingWindow } from "../../core/wire/clients.ts";
import type { PairingService } from "../../service/pairing/pairing-service.ts";
import { defineMethod } from "../rpc/method.ts";

/** Device-local methods that open and close the PIN pairing window (as the reference names them). */
export function pairingMethods(deps: { pairing: PairingService }) {
  return [
    defineMethod({
      name: "clients.pair.start",
      summary: "Open a pairing window: returns a 6-digit PIN (valid 5 minutes) to enter in the phone app (device-local only).",
      params: null,
      localOnly: true,
      result: PairingWindow,
      handler: () => deps.pairing.open(),
    }),
    defineMethod({
      name: "clients.pair.cancel",
      summary: "Close the pairing window; the PIN stops working (device-local only).",
      params: null,
      localOnly: true,
      result: type("null"),
      handler: () => {
        deps.pairing.cancel();
        return null;
      },
    }),
  ];
}
