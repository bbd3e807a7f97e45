import type { PeerInfo, TlsFiles } from "../runtime/types.ts";

/**
 * What the listen front's thread (listen-front-worker.ts) and the main thread (listen-front.ts) tell each other.
 * Connections and HTTP requests are named by a number the thread gives them.
 */
export type ToFront =
  | { t: "start"; host?: string; port: number; tls?: TlsFiles; answer: { version: string; platform: string } }
  /** The service listens on the same port now: stop accepting, relay every frame (version too) from here on. */
  | { t: "stop-listening" }
  /** Close every connection and end (the service did not come up here, or it stops). */
  | { t: "end"; code: number; reason: string }
  | { t: "send"; id: number; text: string }
  | { t: "close"; id: number; code?: number; reason?: string }
  | { t: "response"; id: number; status: number; headers: Array<[string, string]>; body: ArrayBuffer | null };

export type FromFront =
  | { t: "listening"; port: number; hostname: string }
  | { t: "failed" }
  /** Answer to `stop-listening`: the listening socket is closed. */
  | { t: "stopped" }
  /** After `stop-listening`, the thread holds no connection or request any more: it may be ended. */
  | { t: "idle" }
  /** Answer to `end`: every connection closed, the listener stopped. */
  | { t: "ended" }
  | { t: "open"; id: number; peer: PeerInfo; path: string }
  | { t: "message"; id: number; data: string | Uint8Array }
  | { t: "closed"; id: number; code: number; reason: string }
  | { t: "drain"; id: number }
  | { t: "request"; id: number; peer: PeerInfo; method: string; url: string; headers: Array<[string, string]>; body: ArrayBuffer | null };
