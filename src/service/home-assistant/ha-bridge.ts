/**
 * Home Assistant over a publisher's MQTT connection: at each connect the discovery configs (retained), the
 * availability `online` (retained; the connection's last will turns it `offline`) and the state (retained);
 * the state again whenever it changes (scan, media start and stop, readers, indexing), and one event per scan.
 * The launch topic's payload runs through the normal launch path as a script from another device (`remote`:
 * `execute` refused unless allowed, `zapscript.block_commands` honoured as for every script); the stop topic
 * stops the running media. Home Assistant's birth message (`<prefix>/status` = `online`, sent live when it starts)
 * makes the bridge publish all of it again, so a device deleted in HA comes back without a restart here.
 */
import type { NotificationName, NotificationParams } from "../../core/wire/index.ts";
import { rfc3339, type TokenSink } from "../../core/token.ts";
import { tokenSizeProblem } from "../../core/token-limits.ts";
import { log } from "../../log.ts";
import type { MqttLink } from "../publishers/mqtt-link.ts";
import { AVAILABLE, BIRTH_PAYLOAD, birthTopic, discoveryMessages, type HaDevice, type HaTopics, NOT_AVAILABLE } from "./discovery.ts";
import type { HaState } from "./ha-state.ts";

const logger = log.withTag("home-assistant");

export interface HaBridgeDeps {
  link: MqttLink;
  prefix: string;
  device: HaDevice;
  topics: HaTopics;
  state: HaState;
  sink: TokenSink;
  stopMedia(): Promise<void>;
}

export class HaBridge {
  constructor(private readonly deps: HaBridgeDeps) {}

  /** Hooks into the link; call before the link starts. */
  attach(): void {
    const { link, topics, prefix } = this.deps;
    link.onConnect(() => this.announce());
    // a retained birth message is replayed at each subscribe, right after the announce of that connect: only a live one counts
    link.subscribe(birthTopic(prefix), (_topic, payload, retained) => {
      if (retained || payload.toString("utf8") !== BIRTH_PAYLOAD) return;
      logger.info("Home Assistant is online: publishing discovery again");
      this.announce();
    });
    // a retained command would run again at every reconnect: commands are taken only as they are sent
    link.subscribe(topics.launch, (_topic, payload, retained) => {
      if (!retained) this.launch(payload);
    });
    link.subscribe(topics.stop, (_topic, _payload, retained) => {
      if (retained) return;
      logger.info("stop requested over MQTT");
      this.deps.stopMedia().catch((err) => logger.warn("stop over MQTT failed:", err));
    });
  }

  /** The last message before a clean disconnect: the device is going away. */
  goingOffline(): void {
    this.deps.link.publish(this.deps.topics.availability, NOT_AVAILABLE, { retain: true });
  }

  event<K extends NotificationName>(name: K, params: NotificationParams[K]): void {
    if (this.deps.state.apply(name, params)) this.publishState();
    if (name === "tokens.added") this.deps.link.publish(this.deps.topics.scan, JSON.stringify({ event_type: "scan", ...this.deps.state.json().scan }));
  }

  private announce(): void {
    const { link, prefix, device, topics } = this.deps;
    for (const m of discoveryMessages(prefix, device, topics)) link.publish(m.topic, JSON.stringify(m.config), { retain: true });
    link.publish(topics.availability, AVAILABLE, { retain: true });
    this.publishState();
  }

  private publishState(): void {
    this.deps.link.publish(this.deps.topics.state, JSON.stringify(this.deps.state.json()), { retain: true });
  }

  private launch(payload: Buffer): void {
    const text = payload.toString("utf8");
    if (text.trim() === "") return;
    const tooLarge = tokenSizeProblem({ uid: "", text, data: "" });
    if (tooLarge) {
      logger.warn(`launch over MQTT refused: ${tooLarge}`);
      return;
    }
    this.deps.sink.submit({ type: "mqtt", uid: "", text, data: "", scanTime: rfc3339(), source: "mqtt", remote: true });
  }
}
