import { log } from "../log.ts";

/**
 * Server → client notifications. Params shapes follow what the reference's clients read
 * (../shared/notes/reference-implementation.md); each producer owns the shape it publishes.
 */
export type NotificationName =
  | "launching"
  | "readers.added"
  | "readers.removed"
  | "tokens.added"
  | "tokens.removed"
  | "media.started"
  | "media.stopped"
  | "media.indexing";

export type NotificationListener = (frame: string, method: NotificationName) => void;

/**
 * Broadcasts notifications to every subscriber (one per connected client). The frame is serialised once;
 * delivery never blocks the producer: each subscriber only queues bytes on its own socket and drops itself
 * when it stalls (see ws-session.ts).
 */
export class NotificationBus {
  private readonly listeners = new Set<NotificationListener>();

  subscribe(listener: NotificationListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get subscriberCount(): number {
    return this.listeners.size;
  }

  publish(method: NotificationName, params?: unknown): void {
    const frame = JSON.stringify(params === undefined ? { jsonrpc: "2.0", method } : { jsonrpc: "2.0", method, params });
    for (const listener of this.listeners) {
      try {
        listener(frame, method);
      } catch (err) {
        log.withTag("notify").warn(`a subscriber failed to take ${method}:`, err);
      }
    }
  }
}
