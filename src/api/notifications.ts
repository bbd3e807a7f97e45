import type { NotificationName } from "../core/wire/index.ts";
import { log } from "../log.ts";
import type { ServiceEvents } from "../service/events.ts";

export type NotificationListener = (frame: string, method: NotificationName) => void;

/**
 * The service's events as JSON-RPC notification frames, for every connected client (WebSocket sessions, the
 * SSE stream). Each event is serialised once; delivery never blocks the producer: each subscriber only queues
 * bytes on its own socket and drops itself when it stalls (see ws-sessions.ts).
 */
export class NotificationFrames {
  private readonly listeners = new Set<NotificationListener>();

  constructor(events: ServiceEvents) {
    events.subscribe((method, params) => {
      if (this.listeners.size === 0) return;
      const frame = JSON.stringify(params === undefined ? { jsonrpc: "2.0", method } : { jsonrpc: "2.0", method, params });
      for (const listener of this.listeners) {
        try {
          listener(frame, method);
        } catch (err) {
          log.withTag("notify").warn(`a subscriber failed to take ${method}:`, err);
        }
      }
    });
  }

  subscribe(listener: NotificationListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get subscriberCount(): number {
    return this.listeners.size;
  }
}
