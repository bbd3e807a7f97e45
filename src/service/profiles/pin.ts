import { pbkdf2Async } from "@noble/hashes/pbkdf2.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { equalBytes } from "../../core/pairing/confirm.ts";

/**
 * Profile PINs are stored only as PBKDF2-SHA256 hashes with a per-profile random salt, in the reference's
 * encoding `pbkdf2-sha256$<iterations>$<base64 salt>$<base64 key>` (unpadded base64). A 4–8 digit PIN falls to
 * offline guessing at any iteration count; the per-profile attempt limiter is the real defence, so the count
 * stays modest for ARM devices (it is part of the stored text, so raising it later costs nothing).
 */

const PREFIX = "pbkdf2-sha256";
export const PIN_ITERATIONS = 50_000;
const SALT_BYTES = 16;
const KEY_BYTES = 32;

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64").replace(/=+$/, "");
const unb64 = (text: string) => (/^[A-Za-z0-9+/]*$/.test(text) ? new Uint8Array(Buffer.from(text, "base64")) : null);

export async function hashPin(pin: string, iterations = PIN_ITERATIONS): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const key = await pbkdf2Async(sha256, pin, salt, { c: iterations, dkLen: KEY_BYTES });
  return `${PREFIX}$${iterations}$${b64(salt)}$${b64(key)}`;
}

/** True when `pin` matches the stored hash (compared in constant time); a malformed hash never matches. */
export async function verifyPin(pin: string, stored: string): Promise<boolean> {
  const [prefix, iter, saltText, keyText, ...rest] = stored.split("$");
  if (prefix !== PREFIX || rest.length > 0 || !iter || !/^\d{1,7}$/.test(iter)) return false;
  const iterations = Number(iter);
  const salt = unb64(saltText ?? "");
  const expected = unb64(keyText ?? "");
  if (iterations <= 0 || !salt || !expected || expected.length === 0) return false;
  const key = await pbkdf2Async(sha256, pin, salt, { c: iterations, dkLen: expected.length });
  return equalBytes(key, expected);
}
