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

/** Open WebSocket connections accepted at once; past it a new connection is answered -32004 and closed. */
export const MAX_SESSIONS = 512;
/** A remote connection that has not opened a secure session within this time is closed. */
export const HANDSHAKE_TIMEOUT_MS = 10_000;
