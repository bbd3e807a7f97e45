/**
 * Home Assistant turned off for a broker: at each connect, an empty retained message on every retained topic the
 * integration leaves there (its discovery configs, so HA removes the device's entities, then availability and
 * state), so no stale entity outlives the setting. Harmless where nothing was retained: the broker drops nothing.
 */
import { log } from "../../log.ts";
import type { MqttLink } from "../publishers/mqtt-link.ts";
import { type HaDevice, type HaTopics, retainedTopics } from "./discovery.ts";

const logger = log.withTag("home-assistant");

export function retireOnConnect(link: MqttLink, prefix: string, device: HaDevice, topics: HaTopics): void {
  let logged = false;
  link.onConnect(() => {
    if (!logged) logger.info(`Home Assistant is off for ${link.broker}: removing the discovery configs of ${device.node} there`);
    logged = true;
    for (const topic of retainedTopics(prefix, device, topics)) link.publish(topic, "", { retain: true });
  });
}
