import { isLoopback } from "../core/net/addresses.ts";
import type { PeerInfo } from "../runtime/types.ts";

/**
 * How a WebSocket connection's frames travel: the device itself (loopback) and TLS (wss) speak plaintext
 * JSON-RPC; every other cleartext connection must use the secure layer. The one place this is decided, from
 * the socket's peer address only (never from headers).
 */
export type ConnectionMode = "plaintext" | "secure";

export function connectionMode(peer: PeerInfo): ConnectionMode {
  return isLoopback(peer.remoteAddress) || peer.secure ? "plaintext" : "secure";
}
