/**
 * The configured `[[service.publishers.mqtt]]` entries, each with its own broker connection: notifications
 * published as the reference does, and Home Assistant (discovery, state, scan events, commands) through the
 * first enabled entry unless it says `home_assistant = false` (any other entry only with `home_assistant = true`:
 * one device, one discovery). An entry that says `home_assistant = false` removes the device's retained discovery
 * configs from its broker at connect (unless HA stays on through an entry on the same host). Read at start (a
 * change applies after a restart). A broker that is away never delays the start or a launch: connections are
 * made in the background and retried with backoff.
 */
import type { AuthEntry, AuthTarget } from "../../config/auth-file.ts";
import type { MqttPublisherConfig } from "../../config/schema.ts";
import type { TokenSink } from "../../core/token.ts";
import { log } from "../../log.ts";
import { parseMqttPath } from "../../readers/mqtt/mqtt-path.ts";
import { SERVICE_VERSION } from "../../version.ts";
import type { ServiceContext } from "../context.ts";
import type { Lifecycle } from "../lifecycle.ts";
import { HaBridge } from "../home-assistant/ha-bridge.ts";
import { type HaDevice, haTopics, NOT_AVAILABLE, nodeId } from "../home-assistant/discovery.ts";
import { retireOnConnect } from "../home-assistant/ha-retire.ts";
import { type HaIndex, type HaMedia, type HaReader, HaState } from "../home-assistant/ha-state.ts";
import { MqttLink } from "./mqtt-link.ts";
import { MqttPublisher } from "./mqtt-publisher.ts";

const logger = log.withTag("publishers");

export interface PublishersDeps {
  ctx: ServiceContext;
  credentials(target: AuthTarget): AuthEntry | undefined;
  sink: TokenSink;
  stopMedia(): Promise<void>;
  /** What the device's state is at start (Home Assistant's first state message). */
  initial(): { media: HaMedia | null; readers: HaReader[]; index: HaIndex };
}

interface Running {
  link: MqttLink;
  publisher: MqttPublisher;
  ha: HaBridge | null;
}

export class PublishersService implements Lifecycle {
  readonly name = "publishers";
  private running: Running[] = [];
  private unsubscribe: (() => void) | null = null;

  constructor(private readonly deps: PublishersDeps) {}

  start(): void {
    const entries = this.deps.ctx.config.current.service.publishers.mqtt.filter((e) => e.enabled !== false);
    const plans = entries.map((entry, i) => ({ entry, homeAssistant: entry.home_assistant ?? i === 0 }));
    const haHosts = new Set(plans.filter((p) => p.homeAssistant).map((p) => brokerHost(p.entry)));
    for (const [i, { entry, homeAssistant }] of plans.entries()) {
      // turned off by name: its retained configs go, unless HA lives on through another entry on that host
      const retire = entry.home_assistant === false && !haHosts.has(brokerHost(entry));
      try {
        this.running.push(this.build(entry, homeAssistant, retire));
      } catch (err) {
        logger.warn(`MQTT publisher ${entry.broker ? `for ${JSON.stringify(entry.broker)}` : `${i + 1}`} not started: ${(err as Error).message}`);
      }
    }
    if (this.running.length === 0) return;
    this.unsubscribe = this.deps.ctx.events.subscribe((name, params) => {
      for (const r of this.running) {
        r.publisher.publish(name, params);
        r.ha?.event(name, params);
      }
    });
    for (const r of this.running) r.link.start();
    logger.info(`started ${this.running.length} MQTT publisher(s)`);
  }

  async stop(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = null;
    const running = this.running;
    this.running = [];
    await Promise.all(running.map((r) => r.link.stop(() => r.ha?.goingOffline())));
  }

  private build(entry: MqttPublisherConfig, homeAssistant: boolean, retire: boolean): Running {
    if (!entry.broker || !entry.topic) throw new Error(`no ${entry.broker ? "topic" : "broker"} set`);
    const target = parseMqttPath(`${entry.broker}/${entry.topic}`);
    const { ctx } = this.deps;
    const cfg = ctx.config.current;
    const node = nodeId(cfg.service.device_id);
    const device: HaDevice = { node, name: cfg.service.name || `tapserve (${ctx.platform})`, model: ctx.platform, version: SERVICE_VERSION };
    const prefix = entry.discovery_prefix ?? "homeassistant";
    const topics = homeAssistant ? haTopics(entry.topic, node) : null;
    const link = new MqttLink({
      target,
      clock: ctx.clock,
      credentials: this.deps.credentials,
      ...(topics ? { will: { topic: topics.availability, payload: NOT_AVAILABLE, retain: true } } : {}),
    });
    const publisher = new MqttPublisher(link, entry.topic, entry.filter ?? []);
    let ha: HaBridge | null = null;
    if (topics) {
      ha = new HaBridge({
        link,
        prefix,
        device,
        topics,
        state: new HaState(this.deps.initial()),
        sink: this.deps.sink,
        stopMedia: this.deps.stopMedia,
      });
      ha.attach();
    } else if (retire) {
      retireOnConnect(link, prefix, device, haTopics(entry.topic, node));
    }
    logger.info(`MQTT publisher: ${target.tls ? "mqtts://" : ""}${target.broker} (topic ${entry.topic}${topics ? `; Home Assistant under ${topics.state.replace(/\/state$/, "")}` : ""})`);
    return { link, publisher, ha };
  }
}

/** The host an entry's broker is on (lower case; without scheme and port: two listeners of one broker are one). */
function brokerHost(entry: MqttPublisherConfig): string {
  try {
    return parseMqttPath(`${entry.broker}/${entry.topic || "t"}`).host.toLowerCase();
  } catch {
    return "";
  }
}
