import { gcm } from "@noble/ciphers/aes.js";
import { frameNonce } from "./nonce.ts";

/** AES-256-GCM over one frame: ciphertext ‖ 16-byte tag, nonce from the direction's base and counter. */
export function sealBytes(key: Uint8Array, nonceBase: Uint8Array, counter: number, aad: Uint8Array, plaintext: Uint8Array): Uint8Array {
  return gcm(key, frameNonce(nonceBase, counter), aad).encrypt(plaintext);
}

/** The plaintext, or null when the frame does not authenticate (wrong key, counter, AAD or tampered bytes). */
export function openBytes(key: Uint8Array, nonceBase: Uint8Array, counter: number, aad: Uint8Array, sealed: Uint8Array): Uint8Array | null {
  if (sealed.length < 16) return null;
  try {
    return gcm(key, frameNonce(nonceBase, counter), aad).decrypt(sealed);
  } catch {
    return null;
  }
}
