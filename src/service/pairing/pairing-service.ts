import { randomBytes, randomInt, randomUUID } from "node:crypto";
import { confirmation, derivePairingKeys, equalBytes } from "../../core/pairing/confirm.ts";
import { log } from "../../log.ts";
import { MAX_CLIENTS } from "../clients/clients-service.ts";

type Pake = typeof import("../../core/pairing/pake.ts");
let pakeModule: Pake | undefined;
/** P-256 (@noble/curves) is set up when the first pairing exchange arrives, not at start. */
const pake = (): Pake => (pakeModule ??= require("../../core/pairing/pake.ts") as Pake);

/**
 * PIN pairing, as the reference's phone app performs it: the owner opens a pairing window on the device
 * (a 6-digit PIN, valid 5 minutes); the phone runs the PAKE with `start`, proves it knows the PIN with `finish`,
 * and becomes a registered client whose secret is the derived pairing key. The PIN is never logged or sent.
 */

export const PIN_LIFETIME_MS = 5 * 60_000;
export const SESSION_LIFETIME_MS = 2 * 60_000;
export const MAX_FAILED_CONFIRMATIONS = 3;
export const MAX_NAME_BYTES = 128;
const MAX_OPEN_SESSIONS = 16;

/** Where paired clients are stored (the clients repository). */
export interface PairingClientStore {
  count(): number;
  /** Registers a client whose secret is the given 32-byte key (hex); returns its id. */
  createPaired(name: string, secretHex: string): { id: string };
}

/** Why a step failed, with the HTTP status the phone app maps to its messages. */
export type PairingFailure =
  | { status: 400; reason: "malformed"; message: string }
  | { status: 401; reason: "wrong_pin"; message: string }
  | { status: 403; reason: "limit_reached"; message: string }
  | { status: 404; reason: "session_unknown"; message: string }
  | { status: 410; reason: "pin_expired"; message: string };

interface Pin {
  pin: string;
  expiresAt: number;
  failures: number;
}

interface Session {
  id: string;
  name: string;
  msgA: Uint8Array;
  msgB: Uint8Array;
  keys: ReturnType<typeof derivePairingKeys>;
  expiresAt: number;
}

const logger = log.withTag("pairing");

export class PairingService {
  private pin: Pin | null = null;
  private readonly sessions = new Map<string, Session>();

  constructor(
    private readonly store: PairingClientStore,
    private readonly now: () => number = Date.now,
    private readonly makePin: () => string = () => String(randomInt(0, 1_000_000)).padStart(6, "0"),
  ) {}

  /** Opens (or renews) the pairing window and returns the PIN to show the owner. */
  open(): { pin: string; expiresAt: string } {
    const pin: Pin = { pin: this.makePin(), expiresAt: this.now() + PIN_LIFETIME_MS, failures: 0 };
    this.pin = pin;
    this.sessions.clear();
    logger.info(`pairing window open until ${new Date(pin.expiresAt).toISOString()}`);
    return { pin: pin.pin, expiresAt: new Date(pin.expiresAt).toISOString() };
  }

  cancel(): void {
    if (this.pin) logger.info("pairing window closed");
    this.pin = null;
    this.sessions.clear();
  }

  /** Current window, if open (for status displays). */
  status(): { open: boolean; expiresAt?: string } {
    const pin = this.activePin();
    return pin ? { open: true, expiresAt: new Date(pin.expiresAt).toISOString() } : { open: false };
  }

  private activePin(): Pin | null {
    if (this.pin && this.pin.expiresAt <= this.now()) this.cancel();
    return this.pin;
  }

  private prune(): void {
    const now = this.now();
    for (const [id, s] of this.sessions) if (s.expiresAt <= now) this.sessions.delete(id);
  }

  /** `POST /api/pair/start`: the phone's PAKE message (role 0) and name → a session and the device's message. */
  start(pakeA: Uint8Array, name: string): { session: string; pake: Uint8Array } | PairingFailure {
    const pin = this.activePin();
    if (!pin) return { status: 410, reason: "pin_expired", message: "no pairing PIN is active; ask for a new one on the device" };
    if (new TextEncoder().encode(name).length > MAX_NAME_BYTES) {
      return { status: 400, reason: "malformed", message: `name longer than ${MAX_NAME_BYTES} bytes` };
    }
    if (this.store.count() >= MAX_CLIENTS) {
      return { status: 403, reason: "limit_reached", message: `too many paired clients (limit ${MAX_CLIENTS})` };
    }
    this.prune();
    if (this.sessions.size >= MAX_OPEN_SESSIONS) {
      return { status: 403, reason: "limit_reached", message: "too many pairing attempts in progress" };
    }
    const { PakeError, PakeSession } = pake();
    const server = PakeSession.server(pin.pin);
    try {
      server.receive(pakeA);
    } catch (err) {
      if (err instanceof PakeError) return { status: 400, reason: "malformed", message: err.message };
      throw err;
    }
    const msgB = server.message();
    const session: Session = {
      id: randomBytes(16).toString("hex"),
      name,
      msgA: new Uint8Array(pakeA),
      msgB,
      keys: derivePairingKeys(server.sessionKey(), pakeA, msgB),
      expiresAt: Math.min(this.now() + SESSION_LIFETIME_MS, pin.expiresAt),
    };
    this.sessions.set(session.id, session);
    return { session: session.id, pake: msgB };
  }

  /** `POST /api/pair/finish`: checks the phone's confirmation; on success registers the client. */
  finish(sessionId: string, confirm: Uint8Array): { authToken: string; clientId: string; confirm: Uint8Array } | PairingFailure {
    this.prune();
    const session = this.sessions.get(sessionId);
    if (!session) return { status: 404, reason: "session_unknown", message: "unknown or expired pairing session" };
    const pin = this.activePin();
    if (!pin) return { status: 410, reason: "pin_expired", message: "the pairing PIN expired" };
    const expected = confirmation(session.keys.confirmA, "client", session.name, session.msgA, session.msgB);
    if (!equalBytes(expected, confirm)) {
      this.sessions.delete(sessionId);
      pin.failures++;
      logger.warn(`pairing confirmation failed (${pin.failures} of ${MAX_FAILED_CONFIRMATIONS})`);
      if (pin.failures >= MAX_FAILED_CONFIRMATIONS) {
        logger.warn("too many failed confirmations: the PIN is revoked");
        this.cancel();
      }
      return { status: 401, reason: "wrong_pin", message: "wrong PIN" };
    }
    if (this.store.count() >= MAX_CLIENTS) {
      return { status: 403, reason: "limit_reached", message: `too many paired clients (limit ${MAX_CLIENTS})` };
    }
    const secretHex = Buffer.from(session.keys.pairingKey).toString("hex");
    const { id } = this.store.createPaired(session.name, secretHex);
    const serverConfirm = confirmation(session.keys.confirmB, "server", session.name, session.msgA, session.msgB);
    this.cancel(); // one pairing per PIN
    logger.info(`paired a new client ${id}`);
    return { authToken: id, clientId: id, confirm: serverConfirm };
  }
}

export function newClientId(): string {
  return randomUUID();
}
