import type { SessionCaps } from "./session-slots.ts";

/**
 * Per-connection limits, chosen once per connection by locality. Remote connections get a request rate
 * (token bucket) and a small in-flight cap; the device itself only the in-flight cap, so local tools may
 * pipeline freely. Past either limit a request is answered -32004 and not run.
 */
export interface ConnectionLimits {
  /** Sustained requests per second, or null for no rate limit. */
  ratePerSecond: number | null;
  /** Requests allowed at once before the rate applies. */
  burst: number;
  /** Requests dispatched but not yet answered. */
  maxInFlight: number;
}

export const remoteConnectionLimits: ConnectionLimits = { ratePerSecond: 20, burst: 40, maxInFlight: 32 };
export const localConnectionLimits: ConnectionLimits = { ratePerSecond: null, burst: 0, maxInFlight: 1024 };

/**
 * Open WebSocket connections accepted at once (512), from one remote address (32), and kept for the device
 * itself (32, so one LAN host cannot lock out the device's own web app); past them a new connection is
 * answered -32004 and closed (1013).
 */
export const defaultSessionCaps: SessionCaps = { total: 512, perRemoteAddress: 32, reservedForLoopback: 32 };
/** An HTTP request body must arrive within this time; an HTTP connection silent for longer is closed. */
export const BODY_TIMEOUT_MS = 10_000;
export const HTTP_IDLE_TIMEOUT_SECONDS = 30;
/** A remote connection that has not opened a secure session within this time is closed. */
export const HANDSHAKE_TIMEOUT_MS = 10_000;
