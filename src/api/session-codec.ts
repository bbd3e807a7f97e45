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
  /** The wire frame for an outgoing text, or null when nothing may be sent yet (session not established). */
  seal(text: string): string | null;
  /** False until the connection may receive replies and notifications (a remote session before its first frame). */
  readonly established: boolean;
  /** When set, a connection not established within this many milliseconds gets `timeoutReply` and is closed. */
  readonly handshakeTimeoutMs?: number;
  readonly timeoutReply?: string;
}

export const plaintextCodec: SessionCodec = {
  open: (frame) => ({ kind: "text", text: frame }),
  seal: (text) => text,
  established: true,
};
