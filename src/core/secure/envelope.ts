import { base64 } from "@scure/base";
import { PROTOCOL_VERSION, SESSION_SALT_BYTES } from "./keys.ts";

/**
 * The secure layer's JSON envelopes. First client frame: `{"v":1,"e":<b64>,"t":<client id>,"s":<b64 salt>}`;
 * every later frame in both directions: `{"e":<b64>}`. Parsing never throws: it classifies the frame.
 */

export type FirstFrame =
  | { kind: "first"; ciphertext: Uint8Array; clientId: string; salt: Uint8Array }
  /** Not an envelope at all (a cleartext JSON-RPC payload, `ping`, garbage): encryption is required. */
  | { kind: "cleartext" }
  | { kind: "unsupported-version"; version: unknown }
  | { kind: "malformed"; reason: string };

export type LaterFrame = { kind: "frame"; ciphertext: Uint8Array } | { kind: "malformed"; reason: string };

/** Longest client id accepted in `t` (the reference's binary envelope caps it at 255 bytes). */
export const MAX_CLIENT_ID_CHARS = 255;

function parseObject(text: string): Record<string, unknown> | null {
  const head = text.trimStart();
  if (!head.startsWith("{")) return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function decodeBase64(value: unknown): Uint8Array | null {
  if (typeof value !== "string" || value.length === 0) return null;
  try {
    return base64.decode(value);
  } catch {
    return null;
  }
}

export function parseFirstFrame(text: string): FirstFrame {
  const obj = parseObject(text);
  if (obj === null || !("e" in obj || "v" in obj)) return { kind: "cleartext" };
  if (obj.v !== PROTOCOL_VERSION) {
    return "v" in obj ? { kind: "unsupported-version", version: obj.v } : { kind: "malformed", reason: "missing v" };
  }
  const { t } = obj;
  if (typeof t !== "string" || t.length === 0 || t.length > MAX_CLIENT_ID_CHARS) return { kind: "malformed", reason: "t must be a client id" };
  const salt = decodeBase64(obj.s);
  if (salt === null || salt.length !== SESSION_SALT_BYTES) return { kind: "malformed", reason: `s must be ${SESSION_SALT_BYTES} base64 bytes` };
  const ciphertext = decodeBase64(obj.e);
  if (ciphertext === null) return { kind: "malformed", reason: "e must be base64" };
  return { kind: "first", ciphertext, clientId: t, salt };
}

export function parseLaterFrame(text: string): LaterFrame {
  const obj = parseObject(text);
  if (obj === null) return { kind: "malformed", reason: "not an envelope" };
  const ciphertext = decodeBase64(obj.e);
  if (ciphertext === null) return { kind: "malformed", reason: "e must be base64" };
  return { kind: "frame", ciphertext };
}

/** The first client frame, keys in the order the reference's app emits them (v, e, t, s). */
export function firstFrameWire(ciphertext: Uint8Array, clientId: string, salt: Uint8Array): string {
  return JSON.stringify({ v: PROTOCOL_VERSION, e: base64.encode(ciphertext), t: clientId, s: base64.encode(salt) });
}

export function laterFrameWire(ciphertext: Uint8Array): string {
  return `{"e":"${base64.encode(ciphertext)}"}`;
}
