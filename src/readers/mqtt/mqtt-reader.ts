/**
 * `mqtt:host:port/topic` (`mqtt:mqtts://host:8883/topic` for TLS ≥ 1.2): every non-empty message on the topic
 * is a token (type `mqtt`, text = payload, a new UUID as uid); there is no removal and no writing. The first
 * connection must succeed for the reader to open (the manager retries); after that a lost connection is
 * retried with backoff (1 s doubling to 30 s) and the topic subscribed again (QoS 1). Credentials come from
 * auth.toml and are never logged.
 */
import type { IClientOptions, MqttClient } from "mqtt";
import type { AuthEntry, AuthTarget } from "../../config/auth-file.ts";
import { log } from "../../log.ts";
import { toHex } from "../../core/bytes.ts";
import { readerIdFor } from "../reader-id.ts";
import type { Reader, ReaderCapability, ReaderDriver, ReaderEvents } from "../types.ts";
import { type MqttTarget, parseMqttPath } from "./mqtt-path.ts";

const logger = log.withTag("mqtt");
const CONNECT_TIMEOUT_MS = 5000;
const BACKOFF_FIRST_MS = 1000;
const BACKOFF_MAX_MS = 30_000;

export interface MqttDeps {
  credentials?: (target: AuthTarget) => AuthEntry | undefined;
}

export class MqttReader implements Reader {
  readonly driver = "mqtt";
  readonly readerId: string;
  readonly info: string;
  readonly capabilities: readonly ReaderCapability[] = [];
  private readonly target: MqttTarget | null;
  private readonly problem: string = "";
  private client: MqttClient | null = null;
  private events: ReaderEvents | null = null;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private failures = 0;
  private lastError = "";
  private closed = false;

  constructor(
    readonly path: string,
    private readonly deps: MqttDeps = {},
  ) {
    let target: MqttTarget | null = null;
    try {
      target = parseMqttPath(path);
    } catch (err) {
      this.problem = (err as Error).message;
    }
    this.target = target;
    this.readerId = readerIdFor(this.driver, target ? `${target.broker}/${target.topic}` : path);
    this.info = target ? `MQTT (${target.tls ? "mqtts://" : ""}${target.broker}/${target.topic})` : "MQTT";
  }

  connected(): boolean {
    return this.client !== null && !this.closed;
  }

  hasToken(): boolean {
    return false;
  }

  async open(events: ReaderEvents): Promise<void> {
    const target = this.target;
    if (!target) throw new Error(this.problem);
    const auth = this.deps.credentials?.({ scheme: target.tls ? "mqtts" : "mqtt", host: target.host, port: target.port });
    const options: IClientOptions = {
      protocol: target.tls ? "mqtts" : "mqtt",
      host: target.host,
      port: target.port,
      clientId: `tapserve-${toHex(crypto.getRandomValues(new Uint8Array(4)))}`,
      clean: true,
      connectTimeout: CONNECT_TIMEOUT_MS,
      reconnectPeriod: 0, // reconnects are ours, with backoff
      resubscribe: false, // subscribed on every connect instead
      ...(auth?.username ? { username: auth.username, password: auth.password ?? "" } : {}),
      ...(target.tls ? { rejectUnauthorized: true, minVersion: "TLSv1.2" as const, servername: target.host } : {}),
    };
    // mqtt.js and the Node stream, net and tls modules under it load only when an MQTT reader opens
    const { connect } = await import("mqtt");
    const client = connect(options);
    await new Promise<void>((resolve, reject) => {
      const fail = (err: Error) => {
        cleanup();
        client.end(true);
        reject(new Error(`cannot connect to MQTT broker ${target.broker}: ${describeError(err)}`));
      };
      const ok = () => {
        cleanup();
        resolve();
      };
      const closedEarly = () => fail(new Error("connection closed"));
      const cleanup = () => {
        client.off("error", fail);
        client.off("connect", ok);
        client.off("close", closedEarly);
      };
      client.once("error", fail);
      client.once("connect", ok);
      client.once("close", closedEarly);
    });
    this.client = client;
    this.events = events;
    this.closed = false;
    client.on("connect", () => this.onConnect());
    client.on("close", () => this.onClose());
    client.on("error", (err) => {
      const message = describeError(err);
      if (message !== this.lastError) logger.warn(`${target.broker}: ${message}`); // once per outage, not per retry
      this.lastError = message;
    });
    client.on("message", (_topic, payload) => this.onMessage(payload));
    this.onConnect();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    this.events = null;
    const client = this.client;
    this.client = null;
    if (client) await new Promise<void>((done) => client.end(true, {}, () => done()));
  }

  private onConnect(): void {
    const target = this.target!;
    const client = this.client;
    if (!client || this.closed) return;
    this.failures = 0;
    this.lastError = "";
    client.subscribe(target.topic, { qos: 1 }, (err, granted) => {
      if (err || granted?.some((g) => g.qos === 128)) {
        logger.warn(`${target.broker}: cannot subscribe to ${target.topic}: ${err ? describeError(err) : "refused by the broker"}`);
        return;
      }
      logger.info(`connected to ${target.broker}, subscribed to ${target.topic}`);
    });
  }

  private onClose(): void {
    if (this.closed || this.retry || !this.client) return;
    const delay = Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** this.failures);
    if (this.failures === 0) logger.warn(`connection to ${this.target!.broker} lost; reconnecting`);
    this.failures++;
    this.retry = setTimeout(() => {
      this.retry = null;
      if (!this.closed) this.client?.reconnect();
    }, delay);
    this.retry.unref?.();
  }

  private onMessage(payload: Buffer): void {
    if (payload.length === 0 || !this.events) return;
    const text = payload.toString("utf8");
    this.events.token({ type: "mqtt", uid: crypto.randomUUID(), text, data: toHex(payload) });
  }
}

/** Error text without anything that could hold a secret (mqtt.js messages carry codes and reasons only). */
function describeError(err: Error & { code?: unknown }): string {
  const code = typeof err.code === "string" || typeof err.code === "number" ? ` (${err.code})` : "";
  return `${err.message}${code}`;
}

export function mqttDriver(deps: MqttDeps = {}): ReaderDriver {
  return { id: "mqtt", names: ["mqtt"], autoDetect: false, create: (path) => new MqttReader(path, deps) };
}
