/**
 * The mqtt connection string's path: `host:port/topic`, optionally with a scheme (`mqtt://`, `tcp://`;
 * `mqtts://` or `ssl://` for TLS). The port defaults to 1883 (8883 with TLS); the topic may hold MQTT
 * wildcards (`+`, `#`). Credentials never go here (they would end up in logs): they live in auth.toml.
 */

export interface MqttTarget {
  tls: boolean;
  /** Host name or address (IPv6 without brackets). */
  host: string;
  port: number;
  topic: string;
  /** The broker as written (`host:port`, or `host` with the default port), as the reference names it (reader id). */
  broker: string;
}

export class MqttPathError extends Error {}

export function parseMqttPath(path: string): MqttTarget {
  let rest = path.trim();
  let tls = false;
  const schemeEnd = rest.indexOf("://");
  if (schemeEnd >= 0) {
    const scheme = rest.slice(0, schemeEnd).toLowerCase();
    if (scheme === "mqtts" || scheme === "ssl") tls = true;
    else if (scheme !== "mqtt" && scheme !== "tcp") throw new MqttPathError(`unsupported MQTT scheme "${scheme}" (use mqtt:// or mqtts://)`);
    rest = rest.slice(schemeEnd + 3);
  }
  const slash = rest.indexOf("/");
  const authority = slash < 0 ? rest : rest.slice(0, slash);
  const topic = slash < 0 ? "" : rest.slice(slash + 1).replace(/^\/+/, "");
  if (authority.includes("@")) throw new MqttPathError("credentials are not accepted in the connection string; put them in auth.toml");
  const m = /^(?:\[([0-9a-fA-F:.]+)\]|([^:[\]]+))(?::(\d{1,5}))?$/.exec(authority);
  if (!m) throw new MqttPathError("the broker must be host:port");
  const host = m[1] ?? m[2]!;
  const port = m[3] === undefined ? (tls ? 8883 : 1883) : Number(m[3]);
  if (port < 1 || port > 65535) throw new MqttPathError(`port ${port} is out of range`);
  if (topic === "") throw new MqttPathError("a topic is required (host:port/topic)");
  return { tls, host, port, topic, broker: authority };
}
