/**
 * How a connection's frames are turned into JSON-RPC text and back. Plaintext for the device itself and for
 * TLS; the secure layer (encrypted sessions) for remote cleartext connections.
 */
export type IncomingOutcome =
  /** A plaintext frame to handle (a JSON-RPC payload, or the heartbeat `ping`). */
  | { kind: "text"; text: string; clientId?: string }
  /** Nothing to handle; optionally answer in cleartext and/or close. */
  | { kind: "reject"; reply?: string; close?: { code: number; reason: string } };

export interface SessionCodec {
  open(frame: string): IncomingOutcome;
  seal(text: string): string;
}

export const plaintextCodec: SessionCodec = {
  open: (frame) => ({ kind: "text", text: frame }),
  seal: (text) => text,
};
