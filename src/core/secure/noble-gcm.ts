/** AES-256-GCM of @noble/ciphers alone, for aead.ts to load on first use (a bundle keeps only `gcm`). */
export { gcm } from "@noble/ciphers/aes.js";
