import { frameNonce } from "./nonce.ts";

type NobleGcm = typeof import("./noble-gcm.ts");
let nobleGcm: NobleGcm | undefined;
/**
 * @noble/ciphers builds its AES tables when its module runs (~3 MB on the service's heap), so it is loaded at
 * the first sealed or opened frame rather than at start: a device no remote client talks to never pays for it.
 */
const gcm = (key: Uint8Array, nonce: Uint8Array, aad: Uint8Array) => (nobleGcm ??= require("./noble-gcm.ts") as NobleGcm).gcm(key, nonce, aad);

/**
 * AES-256-GCM as the secure layer uses it: output is ciphertext ‖ 16-byte tag. `nobleAead` (pure JS, runs
 * in browsers) is the default; the service may inject a native implementation with identical output.
 */
export interface Aead {
  seal(key: Uint8Array, nonce: Uint8Array, aad: Uint8Array, plaintext: Uint8Array): Uint8Array;
  /** The plaintext, or null when the input does not authenticate. */
  open(key: Uint8Array, nonce: Uint8Array, aad: Uint8Array, sealed: Uint8Array): Uint8Array | null;
}

export const TAG_BYTES = 16;

export const nobleAead: Aead = {
  seal: (key, nonce, aad, plaintext) => gcm(key, nonce, aad).encrypt(plaintext),
  open: (key, nonce, aad, sealed) => {
    try {
      return gcm(key, nonce, aad).decrypt(sealed);
    } catch {
      return null;
    }
  },
};

/** Seals one frame with the nonce of `counter`. */
export function sealBytes(aead: Aead, key: Uint8Array, nonceBase: Uint8Array, counter: number, aad: Uint8Array, plaintext: Uint8Array): Uint8Array {
  return aead.seal(key, frameNonce(nonceBase, counter), aad, plaintext);
}

/** The plaintext, or null when the frame does not authenticate (wrong key, counter, AAD or tampered bytes). */
export function openBytes(aead: Aead, key: Uint8Array, nonceBase: Uint8Array, counter: number, aad: Uint8Array, sealed: Uint8Array): Uint8Array | null {
  if (sealed.length < TAG_BYTES) return null;
  return aead.open(key, frameNonce(nonceBase, counter), aad, sealed);
}
