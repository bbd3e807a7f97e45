import { describe, expect, test } from "bun:test";
import { lookupAuth, parseAuthFile } from "../../../src/config/auth-file.ts";
import { parseMqttPath } from "../../../src/readers/mqtt/mqtt-path.ts";

describe("mqtt connection path", () => {
  test("host:port/topic, schemes, default ports, wildcards, IPv6", () => {
    expect(parseMqttPath("localhost:1883/zaparoo/tokens")).toEqual({ tls: false, host: "localhost", port: 1883, topic: "zaparoo/tokens", broker: "localhost:1883" });
    expect(parseMqttPath("mqtts://mqtt.example.com/home/#")).toEqual({ tls: true, host: "mqtt.example.com", port: 8883, topic: "home/#", broker: "mqtt.example.com" });
    expect(parseMqttPath("ssl://b:9000/t").tls).toBe(true);
    expect(parseMqttPath("tcp://b/t")).toMatchObject({ tls: false, port: 1883 });
    expect(parseMqttPath("mqtt://[::1]:1884//a/+/c")).toEqual({ tls: false, host: "::1", port: 1884, topic: "a/+/c", broker: "[::1]:1884" });
  });

  test("refuses what cannot be a broker and topic, without echoing credentials", () => {
    expect(() => parseMqttPath("localhost:1883")).toThrow("a topic is required");
    expect(() => parseMqttPath("ws://host/t")).toThrow('unsupported MQTT scheme "ws"');
    expect(() => parseMqttPath("host:70000/t")).toThrow("out of range");
    expect(() => parseMqttPath("/t")).toThrow("host:port");
    let message = "";
    try {
      parseMqttPath("user:hunter2@host:1883/t");
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toContain("auth.toml");
    expect(message).not.toContain("hunter2");
  });
});

describe("auth.toml", () => {
  const entries = parseAuthFile(
    [
      '["mqtt://root.lan:1883"]',
      'username = "root-format"',
      '[creds."ssl://tls.lan:8883"]',
      'username = "tls"',
      'password = "p1"',
      '[creds."plain.lan:1883"]',
      'username = "schemeless"',
      '[auth.creds."mqtt://nested.lan"]',
      'username = "nested"',
      '[creds."mqtt://bad.lan"]',
      "username = 5",
      "",
    ].join("\n"),
  );

  test("reads the reference's three layouts and skips malformed entries", () => {
    expect([...entries.keys()].sort()).toEqual(["mqtt://nested.lan", "mqtt://root.lan:1883", "plain.lan:1883", "ssl://tls.lan:8883"]);
  });

  test("matches scheme (with aliases), host and port; then host:port without a scheme", () => {
    expect(lookupAuth(entries, { scheme: "mqtt", host: "root.lan", port: 1883 })?.username).toBe("root-format");
    expect(lookupAuth(entries, { scheme: "mqtt", host: "root.lan", port: 1884 })).toBeUndefined();
    expect(lookupAuth(entries, { scheme: "mqtts", host: "TLS.lan", port: 8883 })).toEqual({ username: "tls", password: "p1" });
    expect(lookupAuth(entries, { scheme: "mqtt", host: "tls.lan", port: 8883 })).toBeUndefined();
    expect(lookupAuth(entries, { scheme: "mqtt", host: "plain.lan", port: 1883 })?.username).toBe("schemeless");
    expect(lookupAuth(entries, { scheme: "mqtt", host: "nested.lan", port: 1234 })?.username).toBe("nested");
  });
});
