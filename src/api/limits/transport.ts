import { HTTP_IDLE_TIMEOUT_SECONDS } from "./connection-limits.ts";

/** Largest JSON-RPC request accepted, in characters (the dispatcher's limit; HTTP bodies get 64 KiB more). */
export const MAX_FRAME_CHARS = 1024 * 1024;

/** What the listening socket enforces itself (frame and body sizes, back-pressure, idle timeouts). */
export function transportOptions(httpIdleTimeoutSeconds = HTTP_IDLE_TIMEOUT_SECONDS) {
  return {
    maxFrameBytes: 16 * 1024 * 1024,
    backpressureLimitBytes: 4 * 1024 * 1024,
    idleTimeoutSeconds: 120,
    httpIdleTimeoutSeconds,
    maxBodyBytes: MAX_FRAME_CHARS + 64 * 1024,
  };
}
