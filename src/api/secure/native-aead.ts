import { createCipheriv, createDecipheriv } from "node:crypto";
import { type Aead, TAG_BYTES } from "../../core/secure/aead.ts";

/**
 * AES-256-GCM through node:crypto (OpenSSL in Node, BoringSSL in Bun): the same bytes as the pure-JS
 * default, about thirty times faster per frame because the key schedule and GHASH tables are native.
 */
export const nativeAead: Aead = {
  seal(key, nonce, aad, plaintext) {
    const cipher = createCipheriv("aes-256-gcm", key, nonce);
    cipher.setAAD(aad);
    const head = cipher.update(plaintext);
    const tail = cipher.final();
    const tag = cipher.getAuthTag();
    const out = new Uint8Array(head.length + tail.length + tag.length);
    out.set(head, 0);
    out.set(tail, head.length);
    out.set(tag, head.length + tail.length);
    return out;
  },
  open(key, nonce, aad, sealed) {
    if (sealed.length < TAG_BYTES) return null;
    try {
      const decipher = createDecipheriv("aes-256-gcm", key, nonce);
      decipher.setAAD(aad);
      decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
      const head = decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES));
      const tail = decipher.final();
      const out = new Uint8Array(head.length + tail.length);
      out.set(head, 0);
      out.set(tail, head.length);
      return out;
    } catch {
      return null;
    }
  },
};
