import { confirmation, derivePairingKeys, equalBytes } from "../../../core/pairing/confirm.ts";
import { PakeSession } from "../../../core/pairing/pake.ts";
import type { Credentials } from "./credentials.ts";
import { FriendlyError } from "./errors.ts";
import { fromBase64, toBase64, toHex } from "./hex.ts";

/**
 * PIN pairing as the phone app performs it: PAKE over `POST /api/pair/start`, both key confirmations over
 * `/api/pair/finish`; the device allows one request per second per address, so a 429 is retried after 1.1 s.
 */
export class PairingError extends FriendlyError {}

const STATUS_TEXT: Record<number, string> = {
  400: "The device did not understand the pairing request.",
  401: "Wrong PIN. Check the PIN shown on the device and try again.",
  403: "The device is not accepting more pairings right now.",
  404: "The pairing took too long. Start again.",
  410: "That PIN has expired or was already used. Ask the device for a new PIN.",
};

type Fetch = (url: string, init: RequestInit) => Promise<Response>;

async function post(fetchFn: Fetch, base: string, path: string, body: unknown): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    let r: Response;
    try {
      r = await fetchFn(`${base}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    } catch {
      throw new PairingError("The device is not reachable right now.");
    }
    if (r.status !== 429 || attempt >= 5) return r;
    await new Promise((res) => setTimeout(res, 1100));
  }
}

async function failure(r: Response): Promise<PairingError> {
  const known = STATUS_TEXT[r.status];
  if (known) return new PairingError(known);
  return new PairingError(r.status === 429 ? "Too many attempts. Wait a moment and try again." : "The device refused the pairing.");
}

export async function pairWithPin(pin: string, name: string, base = "", fetchFn: Fetch = (u, i) => fetch(u, i)): Promise<Credentials> {
  if (!/^\d{6}$/.test(pin)) throw new PairingError("The PIN is the 6 digits shown on the device.");
  const client = PakeSession.client(pin);
  const msgA = client.message();
  const start = await post(fetchFn, base, "/api/pair/start", { pake: toBase64(msgA), name });
  if (!start.ok) throw await failure(start);
  const { session, pake } = (await start.json()) as { session: string; pake: string };
  const msgB = fromBase64(pake);
  try {
    client.receive(msgB);
  } catch {
    throw new PairingError("The device answered with something that is not a pairing reply.");
  }
  const keys = derivePairingKeys(client.sessionKey(), msgA, msgB);
  const finish = await post(fetchFn, base, "/api/pair/finish", { session, confirm: toBase64(confirmation(keys.confirmA, "client", name, msgA, msgB)) });
  if (!finish.ok) throw await failure(finish);
  const done = (await finish.json()) as { authToken: string; confirm: string };
  if (!equalBytes(confirmation(keys.confirmB, "server", name, msgA, msgB), fromBase64(done.confirm))) {
    throw new PairingError("The device could not prove it knows the PIN. Do not use it.");
  }
  return { clientId: done.authToken, key: toHex(keys.pairingKey), name };
}
