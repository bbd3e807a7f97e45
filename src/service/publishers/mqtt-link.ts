/**
 * One connection to an MQTT broker for the publishers: connects in the background (a start never waits on the
 * broker), reconnects with backoff (1 s doubling to 30 s) for as long as it runs, and drops what is published
 * while it is down (nothing piles up; launching never waits on the broker). An optional last will (LWT) is
 * left with the broker at every connect; `onConnect` handlers run after each (re)connect, to publish retained
 * state and subscribe again. Credentials come from auth.toml and are never logged.
 */
import type { IClientOptions, MqttClient } from "mqtt";
import type { AuthEntry, AuthTarget } from "../../config/auth-file.ts";
import type { Clock } from "../../core/clock.ts";
import { toHex } from "../../core/bytes.ts";
import type { MqttTarget } from "../../readers/mqtt/mqtt-path.ts";
import { log } from "../../log.ts";

const logger = log.withTag("mqtt-pub");
const CONNECT_TIMEOUT_MS = 5000;
const BACKOFF_FIRST_MS = 1000;
const BACKOFF_MAX_MS = 30_000;

export interface MqttLinkOptions {
  target: MqttTarget;
  clock: Clock;
  credentials?: (target: AuthTarget) => AuthEntry | undefined;
  /** Published by the broker (retained) when the connection is lost without a clean disconnect. */
  will?: { topic: string; payload: string; retain: boolean };
}

/** `retained`: a stored message the broker replays at subscribe time, not one sent now. */
export type MessageHandler = (topic: string, payload: Buffer, retained: boolean) => void;

export class MqttLink {
  private client: MqttClient | null = null;
  private retry: unknown = null;
  private failures = 0;
  private lastError = "";
  private stopped = false;
  private readonly connectHandlers: (() => void)[] = [];
  private readonly subscriptions = new Map<string, MessageHandler>();

  constructor(private readonly opts: MqttLinkOptions) {}

  get broker(): string {
    return this.opts.target.broker;
  }

  connected(): boolean {
    return this.client?.connected === true && !this.stopped;
  }

  /** Runs after each (re)connect. */
  onConnect(fn: () => void): void {
    this.connectHandlers.push(fn);
  }

  /** Subscribes (QoS 1) now if connected and again after each reconnect; messages on exactly `topic` go to `fn`. */
  subscribe(topic: string, fn: MessageHandler): void {
    this.subscriptions.set(topic, fn);
    if (this.connected()) this.subscribeNow(topic);
  }

  /** Starts connecting in the background; returns at once. */
  start(): void {
    this.stopped = false;
    void this.open().catch((err) => logger.warn(`${this.broker}: ${describeError(err as Error)}`));
  }

  /** Queues a message when connected; dropped (false) when not. Never waits. */
  publish(topic: string, payload: string, opts: { retain?: boolean; qos?: 0 | 1 } = {}): boolean {
    const client = this.client;
    if (!client?.connected || this.stopped) return false;
    client.publish(topic, payload, { qos: opts.qos ?? 1, retain: opts.retain ?? false }, (err) => {
      if (err) logger.debug(`${this.broker}: publish to ${topic} failed: ${describeError(err)}`);
    });
    return true;
  }

  /** Disconnects cleanly; `beforeEnd` (e.g. an "offline" availability) is published first while still connected. */
  async stop(beforeEnd?: () => void): Promise<void> {
    if (this.retry !== null) this.opts.clock.clear(this.retry);
    this.retry = null;
    const client = this.client;
    if (client?.connected && beforeEnd) beforeEnd();
    this.stopped = true;
    this.client = null;
    if (client) await new Promise<void>((done) => client.end(false, {}, () => done()));
  }

  private async open(): Promise<void> {
    const { target, will } = this.opts;
    const auth = this.opts.credentials?.({ scheme: target.tls ? "mqtts" : "mqtt", host: target.host, port: target.port });
    const options: IClientOptions = {
      protocol: target.tls ? "mqtts" : "mqtt",
      host: target.host,
      port: target.port,
      clientId: `tapserve-pub-${toHex(crypto.getRandomValues(new Uint8Array(4)))}`,
      clean: true,
      connectTimeout: CONNECT_TIMEOUT_MS,
      reconnectPeriod: 0, // reconnects are ours, with backoff
      resubscribe: false, // subscribed again on every connect instead
      queueQoSZero: false,
      ...(will ? { will: { topic: will.topic, payload: Buffer.from(will.payload), qos: 1 as const, retain: will.retain } } : {}),
      ...(auth?.username ? { username: auth.username, password: auth.password ?? "" } : {}),
      ...(target.tls ? { rejectUnauthorized: true, minVersion: "TLSv1.2" as const, servername: target.host } : {}),
    };
    // mqtt.js loads only when a publisher is configured
    const { connect } = await import("mqtt");
    if (this.stopped) return;
    const client = connect(options);
    this.client = client;
    client.on("connect", () => this.connectedNow());
    client.on("close", () => this.closed());
    client.on("error", (err) => {
      const message = describeError(err);
      if (message !== this.lastError) logger.warn(`${this.broker}: ${message}`); // once per outage, not per retry
      this.lastError = message;
    });
    client.on("message", (topic, payload, packet) => {
      const fn = this.subscriptions.get(topic);
      if (!fn) return;
      try {
        fn(topic, payload, packet.retain === true);
      } catch (err) {
        logger.warn(`${this.broker}: handling a message on ${topic} failed:`, err);
      }
    });
  }

  private connectedNow(): void {
    if (this.stopped) return;
    if (this.failures > 0 || this.lastError) logger.info(`reconnected to ${this.broker}`);
    else logger.info(`connected to ${this.broker}`);
    this.failures = 0;
    this.lastError = "";
    for (const topic of this.subscriptions.keys()) this.subscribeNow(topic);
    for (const fn of this.connectHandlers) {
      try {
        fn();
      } catch (err) {
        logger.warn(`${this.broker}: after connect:`, err);
      }
    }
  }

  private subscribeNow(topic: string): void {
    this.client?.subscribe(topic, { qos: 1 }, (err, granted) => {
      if (err || granted?.some((g) => g.qos === 128)) logger.warn(`${this.broker}: cannot subscribe to ${topic}: ${err ? describeError(err) : "refused by the broker"}`);
    });
  }

  private closed(): void {
    if (this.stopped || this.retry !== null || !this.client) return;
    const delay = Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** this.failures);
    if (this.failures === 0 && !this.lastError) logger.warn(`connection to ${this.broker} lost; reconnecting`);
    this.failures++;
    this.retry = this.opts.clock.set(() => {
      this.retry = null;
      if (!this.stopped) this.client?.reconnect();
    }, delay);
    (this.retry as { unref?: () => void } | null)?.unref?.();
  }
}

/** Error text without anything that could hold a secret (mqtt.js messages carry codes and reasons only). */
export function describeError(err: Error & { code?: unknown }): string {
  const code = typeof err.code === "string" || typeof err.code === "number" ? ` (${err.code})` : "";
  return `${err.message}${code}`;
}
