import type { NotificationName, NotificationParams } from "../core/wire/index.ts";
import { log } from "../log.ts";

export type EventListener = <K extends NotificationName>(name: K, params: NotificationParams[K]) => void;
type ParamsArg<K extends NotificationName> = NotificationParams[K] extends undefined ? [] : [params: NotificationParams[K]];

/**
 * What happens in the service (a token arrived, media started, a reader left …), told to every listener in
 * order. Producers publish typed events; the API turns them into notifications (src/api/notifications.ts).
 * A listener that throws is logged and does not stop the others; publishing never blocks the producer.
 */
export class ServiceEvents {
  private readonly listeners = new Set<EventListener>();

  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  publish<K extends NotificationName>(name: K, ...params: ParamsArg<K>): void {
    for (const listener of this.listeners) {
      try {
        listener(name, params[0] as NotificationParams[K]);
      } catch (err) {
        log.withTag("events").warn(`a listener failed to take ${name}:`, err);
      }
    }
  }
}
