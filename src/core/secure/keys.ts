import { expand, extract } from "@noble/hashes/hkdf.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { utf8ToBytes } from "@noble/hashes/utils.js";

/**
 * Per-session key schedule of the secure layer (wire-compatible with the reference's v1):
 * prk = HKDF-Extract(SHA-256, ikm = the client's 32-byte key, salt = the 16-byte session salt), then one
 * HKDF-Expand per direction for the AES-256 key and the 12-byte nonce base.
 */

export const PROTOCOL_VERSION = 1;
export const CLIENT_KEY_BYTES = 32;
export const SESSION_SALT_BYTES = 16;
export const NONCE_BYTES = 12;

export interface SessionKeys {
  c2sKey: Uint8Array;
  s2cKey: Uint8Array;
  c2sNonceBase: Uint8Array;
  s2cNonceBase: Uint8Array;
}

const INFO = {
  c2sKey: utf8ToBytes("zaparoo-c2s-v1"),
  s2cKey: utf8ToBytes("zaparoo-s2c-v1"),
  c2sNonce: utf8ToBytes("zaparoo-c2s-nonce-v1"),
  s2cNonce: utf8ToBytes("zaparoo-s2c-nonce-v1"),
};

export function deriveSessionKeys(clientKey: Uint8Array, salt: Uint8Array): SessionKeys {
  if (clientKey.length !== CLIENT_KEY_BYTES) throw new RangeError(`client key must be ${CLIENT_KEY_BYTES} bytes`);
  if (salt.length !== SESSION_SALT_BYTES) throw new RangeError(`session salt must be ${SESSION_SALT_BYTES} bytes`);
  const prk = extract(sha256, clientKey, salt);
  const keys = {
    c2sKey: expand(sha256, prk, INFO.c2sKey, 32),
    s2cKey: expand(sha256, prk, INFO.s2cKey, 32),
    c2sNonceBase: expand(sha256, prk, INFO.c2sNonce, NONCE_BYTES),
    s2cNonceBase: expand(sha256, prk, INFO.s2cNonce, NONCE_BYTES),
  };
  prk.fill(0);
  return keys;
}

/** Additional authenticated data: binds every frame to the client id and the transport it travels over. */
export function sessionAad(clientId: string, transport: "ws" | "ble" = "ws"): Uint8Array {
  return utf8ToBytes(`${clientId}:${transport}`);
}
