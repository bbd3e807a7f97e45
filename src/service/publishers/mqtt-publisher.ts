/**
 * `[[service.publishers.mqtt]]` as the reference does it: every notification whose method passes the filter
 * (empty filter: all) is published to the topic as `{"method": …, "params": …}` (JSON, QoS 1, not retained).
 * While the broker is away notifications are dropped, never queued: the service goes on as without a publisher.
 */
import type { NotificationName, NotificationParams } from "../../core/wire/index.ts";
import type { MqttLink } from "./mqtt-link.ts";

/** The reference's filter: empty passes everything, otherwise only the methods it names. */
export function matchesFilter(filter: readonly string[], method: string): boolean {
  return filter.length === 0 || filter.includes(method);
}

/** The payload the reference publishes for a notification. */
export function notificationPayload(method: string, params: unknown): string {
  return JSON.stringify({ method, params: params ?? null });
}

export class MqttPublisher {
  constructor(
    private readonly link: MqttLink,
    private readonly topic: string,
    private readonly filter: readonly string[],
  ) {}

  publish<K extends NotificationName>(method: K, params: NotificationParams[K]): void {
    if (!matchesFilter(this.filter, method)) return;
    this.link.publish(this.topic, notificationPayload(method, params));
  }
}
