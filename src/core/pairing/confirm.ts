import { expand, extract } from "@noble/hashes/hkdf.js";
import { hmac } from "@noble/hashes/hmac.js";
import { sha256 } from "@noble/hashes/sha2.js";

/**
 * Key confirmation and the pairing key, as the reference's pairing defines them:
 *   prk = HKDF-Extract(SHA-256, sessionKey, msgA ‖ msgB)
 *   confirmA = Expand(prk, "zaparoo-confirm-A", 32), confirmB = Expand(prk, "zaparoo-confirm-B", 32),
 *   pairingKey = Expand(prk, "zaparoo-pairing-v1", 32)
 *   confirmation = HMAC-SHA256(key, LP("zaparoo-v1") ‖ LP("p256") ‖ LP(role) ‖ LP(name) ‖ LP(msgA) ‖ LP(msgB))
 * with LP = 4-byte big-endian length ‖ bytes and role "client" or "server".
 */

const text = (s: string) => new TextEncoder().encode(s);

export interface PairingKeys {
  confirmA: Uint8Array;
  confirmB: Uint8Array;
  pairingKey: Uint8Array;
}

export function derivePairingKeys(sessionKey: Uint8Array, msgA: Uint8Array, msgB: Uint8Array): PairingKeys {
  const salt = new Uint8Array(msgA.length + msgB.length);
  salt.set(msgA, 0);
  salt.set(msgB, msgA.length);
  const prk = extract(sha256, sessionKey, salt);
  return {
    confirmA: expand(sha256, prk, text("zaparoo-confirm-A"), 32),
    confirmB: expand(sha256, prk, text("zaparoo-confirm-B"), 32),
    pairingKey: expand(sha256, prk, text("zaparoo-pairing-v1"), 32),
  };
}

export function transcript(role: "client" | "server", name: string, msgA: Uint8Array, msgB: Uint8Array): Uint8Array {
  const parts = [text("zaparoo-v1"), text("p256"), text(role), text(name), msgA, msgB];
  const out = new Uint8Array(parts.reduce((s, p) => s + 4 + p.length, 0));
  const view = new DataView(out.buffer);
  let o = 0;
  for (const p of parts) {
    view.setUint32(o, p.length, false);
    out.set(p, o + 4);
    o += 4 + p.length;
  }
  return out;
}

export function confirmation(key: Uint8Array, role: "client" | "server", name: string, msgA: Uint8Array, msgB: Uint8Array): Uint8Array {
  return hmac(sha256, key, transcript(role, name, msgA, msgB));
}

/** Constant-time equality of two byte strings (length is not secret). */
export function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= (a[i] as number) ^ (b[i] as number);
  return diff === 0;
}
