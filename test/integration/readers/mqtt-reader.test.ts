/**
 * The mqtt reader end to end: a real Mosquitto broker (password login), the real service with credentials in
 * auth.toml, real messages published by a second client, a real launcher process; the broker restarts.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import mqtt from "mqtt";
import { readerIdFor } from "../../../src/readers/reader-id.ts";
import { waitFor, writeEmulator, writeFiles } from "../../fixtures/launch-env.ts";
import { Mosquitto } from "../../fixtures/mosquitto.ts";
import type { RpcClient } from "../../fixtures/rpc-client.ts";
import { startService, tempDir, type TestService } from "../../fixtures/service.ts";
import { readerServiceConfig } from "../../fixtures/reader-service-config.ts";

const TOPIC = "tapserve/tokens";
const PASSWORD = "s3cret-Broker-pw";

let root: string;
let dataDir: string;
let broker: Mosquitto;
let svc: TestService;
let client: RpcClient;
let emu: { script: string; record: string };

/** Read only where the log itself is the behaviour: the reason a reader stayed closed, and no password in it. */
const serviceLog = () => readFileSync(join(dataDir, "service.log"), "utf8");
/** Whether the running broker has accepted the service's subscription to the topic (its clients are tapserve-…). */
const subscribed = () => broker.subscriptions(TOPIC).some((id) => id.startsWith("tapserve-"));

async function publish(payload: string): Promise<void> {
  const pub = await mqtt.connectAsync({ host: "127.0.0.1", port: broker.port, username: "zaparoo", password: PASSWORD, reconnectPeriod: 0 });
  await pub.publishAsync(TOPIC, payload, { qos: 1 });
  await pub.endAsync();
}

/** The next tokens.added from now on. */
async function nextToken(): Promise<Record<string, unknown>> {
  const from = client.notifications.length;
  const hit = await waitFor(() => client.notifications.slice(from).find((n) => n.method === "tokens.added"), "tokens.added");
  return hit.params as Record<string, unknown>;
}

function launched(): Promise<string> {
  return waitFor(() => existsSync(emu.record) && readFileSync(emu.record, "utf8").split("\n")[1], "the launcher's record");
}

beforeAll(async () => {
  root = tempDir("tapserve-mqtt-");
  writeFiles(root, ["roms/Genesis/Sonic.md", "roms/Genesis/Ristar.md", "roms/Genesis/Comix Zone.md"]);
  emu = writeEmulator(join(root, "emu"));
  const cert = join(root, "broker.pem");
  const key = join(root, "broker.key");
  execFileSync("openssl", ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-keyout", key, "-out", cert, "-days", "1", "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1"], { stdio: "ignore" });
  broker = new Mosquitto(root, "zaparoo", PASSWORD, { cert, key });
  await broker.start();
  dataDir = tempDir("tapserve-mqtt-data-");
  writeFileSync(join(dataDir, "auth.toml"), [`[creds."mqtt://127.0.0.1:${broker.port}"]`, 'username = "zaparoo"', `password = "${PASSWORD}"`, ""].join("\n"));
  svc = await startService({
    dataDir,
    configToml: readerServiceConfig({
      readers: { connect: [{ driver: "mqtt", path: `127.0.0.1:${broker.port}/${TOPIC}` }] },
      root,
      emulator: { id: "MqttEmu", script: emu.script, extensions: [".md"] },
    }),
  });
  client = await svc.connect();
  await waitFor(subscribed, "the broker to accept the reader's subscription");
});

afterAll(async () => {
  await svc?.stop();
  await broker?.stop();
  rmSync(root, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

describe("mqtt reader against a real broker", () => {
  test("readers lists the MQTT reader with the reference's reader id", async () => {
    const { readers } = await client.call<{ readers: Array<Record<string, unknown>> }>("readers");
    expect(readers).toEqual([
      {
        id: `127.0.0.1:${broker.port}/${TOPIC}`,
        readerId: readerIdFor("mqtt", `127.0.0.1:${broker.port}/${TOPIC}`),
        driver: "mqtt",
        info: `MQTT (127.0.0.1:${broker.port}/${TOPIC})`,
        connected: true,
        capabilities: [],
      },
    ]);
  });

  test("a published message is a token that launches a real process", async () => {
    const token = nextToken();
    await publish("Genesis/Sonic.md");
    expect(await token).toMatchObject({ type: "mqtt", text: "Genesis/Sonic.md", data: Buffer.from("Genesis/Sonic.md").toString("hex"), readerId: readerIdFor("mqtt", `127.0.0.1:${broker.port}/${TOPIC}`) });
    expect((await token).uid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(await launched()).toBe(join(root, "roms/Genesis/Sonic.md"));
  });

  test("an empty message is ignored; the next one is a new token", async () => {
    rmSync(emu.record, { force: true });
    const token = nextToken();
    await publish("");
    await publish("Genesis/Ristar.md");
    expect(await token).toMatchObject({ type: "mqtt", text: "Genesis/Ristar.md" });
    expect(await launched()).toBe(join(root, "roms/Genesis/Ristar.md"));
  });

  test("after the broker restarts, the reader reconnects and the next message still launches", async () => {
    const from = client.notifications.length;
    await broker.restart();
    await waitFor(subscribed, "the restarted broker to accept the reader's subscription", 30_000);
    rmSync(emu.record, { force: true });
    const token = nextToken();
    await publish("Genesis/Comix Zone.md");
    expect(await token).toMatchObject({ type: "mqtt", text: "Genesis/Comix Zone.md" });
    expect(await launched()).toBe(join(root, "roms/Genesis/Comix Zone.md"));
    // the reader reconnected by itself: it was never dropped and reopened
    expect(client.notifications.slice(from).filter((n) => n.method.startsWith("readers."))).toEqual([]);
  });

  test("over TLS the broker's certificate is verified: an untrusted one keeps the reader closed", async () => {
    const plain = `127.0.0.1:${broker.port}/${TOPIC}`;
    const tls = `mqtts://localhost:${broker.tlsPort}/${TOPIC}`;
    expect(await client.call("settings.update", { readers: [`mqtt:${plain}`, `mqtt:${tls}`] })).toBeNull();
    // the API lists open readers only; why one is not open (and that it was tried) is in the log alone
    await waitFor(() => serviceLog().includes(`cannot open reader mqtt:${tls}: cannot connect to MQTT broker localhost:${broker.tlsPort}: self signed certificate (DEPTH_ZERO_SELF_SIGNED_CERT)`), "the refused TLS connection");
    const { readers } = await client.call<{ readers: Array<{ id: string }> }>("readers");
    expect(readers.map((r) => r.id)).toEqual([plain]);
  });

  test("the password never reaches the log", () => {
    expect(serviceLog()).not.toContain(PASSWORD);
  });
});
