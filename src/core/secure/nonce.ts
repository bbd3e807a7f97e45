import { NONCE_BYTES } from "./keys.ts";

/** Largest frame counter: counters never wrap; a session that reaches it must be reopened with a new salt. */
export const MAX_COUNTER = Number.MAX_SAFE_INTEGER;

/** The nonce of frame `counter`: the base with its last 8 bytes XORed with the counter (64-bit big-endian). */
export function frameNonce(base: Uint8Array, counter: number): Uint8Array {
  if (base.length !== NONCE_BYTES) throw new RangeError(`nonce base must be ${NONCE_BYTES} bytes`);
  if (!Number.isInteger(counter) || counter < 0 || counter > MAX_COUNTER) throw new RangeError("frame counter out of range");
  const nonce = base.slice();
  const hi = Math.floor(counter / 0x1_0000_0000);
  const lo = counter >>> 0;
  for (let i = 0; i < 4; i++) {
    nonce[4 + i]! ^= (hi >>> (24 - 8 * i)) & 0xff;
    nonce[8 + i]! ^= (lo >>> (24 - 8 * i)) & 0xff;
  }
  return nonce;
}
