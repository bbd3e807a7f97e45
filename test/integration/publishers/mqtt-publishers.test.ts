/**
 * `[[service.publishers.mqtt]]` and Home Assistant end to end: a real Mosquitto broker (password login, one per
 * file), the real service with credentials in auth.toml, scans through a real MQTT reader, a real launcher
 * process; a second client watches what the service publishes and sends Home Assistant's commands. The last
 * will is checked against the service run as a child process and killed with SIGKILL.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import mqtt, { type MqttClient } from "mqtt";
import { stringify } from "smol-toml";
import { nodeId, REQUIRED_KEYS } from "../../../src/service/home-assistant/discovery.ts";
import { waitFor, writeEmulator, writeFiles } from "../../fixtures/launch-env.ts";
import { Mosquitto } from "../../fixtures/mosquitto.ts";
import { freePort, runChild, waitHealthy } from "../../fixtures/process.ts";
import type { RpcClient } from "../../fixtures/rpc-client.ts";
import { startService, tempDir, type TestService } from "../../fixtures/service.ts";

const PASSWORD = "s3cret-Broker-pw";
const READER_TOPIC = "scans/in";

interface Message {
  topic: string;
  text: string;
  retained: boolean;
}

let root: string;
let dataDir: string;
let broker: Mosquitto;
let svc: TestService;
let client: RpcClient;
let emu: { script: string; record: string };
let watcher: Watcher;
let base: string;
let cert: string;

/** A client of the broker that keeps every message it receives on the topics it subscribed to. */
class Watcher {
  readonly messages: Message[] = [];
  private constructor(readonly client: MqttClient) {
    client.on("message", (topic, payload, packet) => this.messages.push({ topic, text: payload.toString("utf8"), retained: packet.retain }));
  }
  static async open(...topics: string[]): Promise<Watcher> {
    const c = await mqtt.connectAsync({ host: "127.0.0.1", port: broker.port, username: "zaparoo", password: PASSWORD, reconnectPeriod: 0 });
    const w = new Watcher(c);
    await c.subscribeAsync(topics, { qos: 1 });
    return w;
  }
  /** The next message on `topic` (after `from`) for which `match` holds. */
  next(topic: string, match: (m: Message) => boolean = () => true, from = 0): Promise<Message> {
    return waitFor(() => this.messages.slice(from).find((m) => m.topic === topic && match(m)), `a message on ${topic}`);
  }
  close(): Promise<void> {
    return this.client.endAsync();
  }
}

async function publish(topic: string, payload: string, retain = false): Promise<void> {
  const pub = await mqtt.connectAsync({ host: "127.0.0.1", port: broker.port, username: "zaparoo", password: PASSWORD, reconnectPeriod: 0 });
  await pub.publishAsync(topic, payload, { qos: 1, retain });
  await pub.endAsync();
}

/**
 * The retained messages the broker holds on `filter` now: what a new subscriber gets before the retained marker
 * of a subscription it makes afterwards (the broker sends them in that order).
 */
async function retainedNow(filter: string): Promise<Message[]> {
  const marker = `test-marker/${Date.now()}`;
  await publish(marker, "marker", true);
  const late = await Watcher.open(filter);
  try {
    await late.client.subscribeAsync(marker, { qos: 1 });
    await late.next(marker);
    return late.messages.filter((m) => m.topic !== marker && m.retained);
  } finally {
    await late.close();
    await publish(marker, "", true);
  }
}

function launched(): Promise<string> {
  return waitFor(() => existsSync(emu.record) && readFileSync(emu.record, "utf8").split("\n")[1], "the launcher's record");
}

const json = (m: Message) => JSON.parse(m.text) as Record<string, unknown>;

function serviceConfig(extra: Record<string, unknown> = {}): string {
  return stringify({
    readers: { auto_detect: false, connect: [{ driver: "mqtt", path: `127.0.0.1:${broker.port}/${READER_TOPIC}` }] },
    launchers: { index_root: [`${root}/roms`], retroarch: false, custom: [{ id: "PubEmu", extensions: [".md"], command: [emu.script, "{path}"] }] },
    service: {
      publishers: {
        mqtt: [
          // Home Assistant by default through the first entry (a reference config naming a broker gets it as is)
          { broker: `127.0.0.1:${broker.port}`, topic: "tapserve" },
          { broker: `mqtt://127.0.0.1:${broker.port}`, topic: "filtered", filter: ["media.started"] },
          { broker: `mqtts://localhost:${broker.tlsPort}`, topic: "untrusted" }, // a self-signed certificate this process does not trust
        ],
      },
    },
    ...extra,
  });
}

beforeAll(async () => {
  root = tempDir("tapserve-pub-");
  writeFiles(root, ["roms/Genesis/Sonic.md", "roms/Genesis/Ristar.md"]);
  emu = writeEmulator(join(root, "emu"));
  cert = join(root, "broker.pem");
  const key = join(root, "broker.key");
  execFileSync("openssl", ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-keyout", key, "-out", cert, "-days", "1", "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1"], { stdio: "ignore" });
  broker = new Mosquitto(root, "zaparoo", PASSWORD, { cert, key });
  await broker.start();
  dataDir = tempDir("tapserve-pub-data-");
  writeFileSync(join(dataDir, "auth.toml"), [`[creds."mqtt://127.0.0.1:${broker.port}"]`, 'username = "zaparoo"', `password = "${PASSWORD}"`, ""].join("\n"));
  watcher = await Watcher.open("tapserve/#", "tapserve", "filtered", "untrusted");
  svc = await startService({ dataDir, configToml: serviceConfig({ zapscript: { block_commands: ["launch.random"], allow_execute: [".* .*"] } }) });
  client = await svc.connect();
  base = `tapserve/${nodeId(svc.app.config.current.service.device_id)}`;
  await watcher.next(`${base}/availability`, (m) => m.text === "online");
  await waitFor(() => broker.subscriptions(READER_TOPIC).length > 0 && broker.subscriptions(`${base}/launch`).length > 0, "the service's subscriptions");
});

afterAll(async () => {
  await watcher?.close();
  await svc?.stop();
  await broker?.stop();
  rmSync(root, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

describe("MQTT publisher (the reference's service.publishers.mqtt)", () => {
  test("a scan and the media it starts are published as {method, params}; a filter keeps only the methods it names", async () => {
    const from = watcher.messages.length;
    rmSync(emu.record, { force: true });
    await publish(READER_TOPIC, "Genesis/Sonic.md");
    const added = await watcher.next("tapserve", (m) => json(m).method === "tokens.added", from);
    expect(json(added)).toMatchObject({ method: "tokens.added", params: { type: "mqtt", text: "Genesis/Sonic.md" } });
    expect(added.retained).toBe(false);
    const started = await watcher.next("tapserve", (m) => json(m).method === "media.started", from);
    expect(json(started).params).toMatchObject({ systemId: "Genesis", mediaPath: join(root, "roms/Genesis/Sonic.md") });
    expect(await launched()).toBe(join(root, "roms/Genesis/Sonic.md"));
    const filtered = await watcher.next("filtered", () => true, from);
    expect(json(filtered).method).toBe("media.started");
    expect(watcher.messages.slice(from).filter((m) => m.topic === "filtered").every((m) => json(m).method === "media.started")).toBe(true);
  });

  test("over TLS the broker's certificate is verified: an untrusted one gets nothing", async () => {
    const log = () => readFileSync(join(dataDir, "service.log"), "utf8");
    await waitFor(() => log().includes(`localhost:${broker.tlsPort}: self signed certificate`), "the refused TLS connection");
    expect(watcher.messages.some((m) => m.topic === "untrusted")).toBe(false);
  });
});

describe("Home Assistant", () => {
  test("discovery configs are retained and carry Home Assistant's required keys, one device for all entities", async () => {
    const late = await Watcher.open("homeassistant/#");
    try {
      await waitFor(() => late.messages.length >= 7 && late.messages, "seven discovery configs");
      const node = nodeId(svc.app.config.current.service.device_id);
      const components = new Set<string>();
      for (const m of late.messages) {
        expect(m.retained).toBe(true);
        const match = /^homeassistant\/([a-z_]+)\/([a-zA-Z0-9_-]+)\/([a-zA-Z0-9_-]+)\/config$/.exec(m.topic);
        expect(match).not.toBeNull();
        const [, component, topicNode, object] = match!;
        expect(topicNode).toBe(node);
        components.add(component!);
        const config = json(m);
        for (const key of REQUIRED_KEYS[component!] ?? ["unknown component"]) expect(config).toHaveProperty(key);
        expect(config.unique_id).toBe(`${node}_${object}`);
        expect(config.availability_topic).toBe(`${base}/availability`);
        expect(config.device).toMatchObject({ identifiers: [node] });
      }
      expect([...components].sort()).toEqual(["binary_sensor", "button", "event", "sensor", "text"]);
      const scan = late.messages.find((m) => m.topic.startsWith("homeassistant/event/"))!;
      expect(json(scan)).toMatchObject({ state_topic: `${base}/scan`, event_types: ["scan"] });
    } finally {
      await late.close();
    }
  });

  test("state is retained and follows scan, start and stop; the stop button stops the media; each scan is an event", async () => {
    const from = watcher.messages.length;
    rmSync(emu.record, { force: true });
    await publish(READER_TOPIC, "Genesis/Ristar.md");
    const event = await watcher.next(`${base}/scan`, () => true, from);
    expect(json(event)).toMatchObject({ event_type: "scan", text: "Genesis/Ristar.md", type: "mqtt" });
    const playing = await watcher.next(`${base}/state`, (m) => json(m).now_playing === "Ristar", from);
    expect(json(playing)).toMatchObject({ last_scan: "Genesis/Ristar.md", readers: 1, indexing: "idle", media: { systemId: "Genesis" } });
    expect(await launched()).toBe(join(root, "roms/Genesis/Ristar.md"));

    const late = await Watcher.open(`${base}/state`);
    try {
      const retained = await late.next(`${base}/state`);
      expect(retained.retained).toBe(true);
      expect(json(retained).now_playing).toBe("Ristar");
    } finally {
      await late.close();
    }

    const stopFrom = watcher.messages.length;
    await publish(`${base}/stop`, "PRESS");
    const stopped = await watcher.next(`${base}/state`, (m) => json(m).now_playing === "", stopFrom);
    expect(json(stopped)).toMatchObject({ media: null, last_scan: "Genesis/Ristar.md" });
    expect(await client.call("media.active")).toBeNull();
  });

  test("the launch topic runs a script through the launch path as a remote caller's; block_commands holds", async () => {
    const from = watcher.messages.length;
    rmSync(emu.record, { force: true });
    await publish(`${base}/launch`, "Genesis/Sonic.md");
    expect(await launched()).toBe(join(root, "roms/Genesis/Sonic.md"));
    await watcher.next(`${base}/state`, (m) => json(m).now_playing === "Sonic", from);
    const ok = await waitFor(() => svc.app.running().launch.history(5).find((e) => e.text === "Genesis/Sonic.md" && e.type === "mqtt"), "the history entry");
    expect(ok.success).toBe(true);

    await publish(`${base}/launch`, "**launch.random:Genesis");
    const blocked = await waitFor(() => svc.app.running().launch.history(1).find((e) => e.text === "**launch.random:Genesis"), "the blocked launch");
    expect(blocked.success).toBe(false);
    expect(blocked.error).toContain("block_commands");

    await publish(`${base}/launch`, "**execute:true");
    const refused = await waitFor(() => svc.app.running().launch.history(1).find((e) => e.text === "**execute:true"), "the execute launch");
    expect(refused.success).toBe(false);
    expect(refused.error).toContain("allow_remote_execute"); // allowed for the device itself, not for a broker's command
  });
});

describe("Home Assistant indexing and reconnects", () => {
  test("indexing the media shows in the state, and ends idle", async () => {
    const from = watcher.messages.length;
    await client.call("media.index");
    await watcher.next(`${base}/state`, (m) => json(m).indexing === "indexing", from);
    const done = await watcher.next(`${base}/state`, (m) => json(m).indexing === "idle" && from < watcher.messages.indexOf(m), from);
    expect(json(done).index).toMatchObject({ indexing: false });
  });

  test("after the broker restarts, the service reconnects by itself: discovery, availability and state again, commands work", async () => {
    await watcher.close();
    await broker.restart(); // a broker without persistence: every retained message is gone
    watcher = await Watcher.open("tapserve/#", "tapserve", "homeassistant/#");
    await watcher.next(`${base}/availability`, (m) => m.text === "online");
    await waitFor(() => watcher.messages.filter((m) => m.topic.startsWith("homeassistant/")).length >= 7, "discovery again");
    expect(json(await watcher.next(`${base}/state`))).toMatchObject({ readers: 1 });
    await waitFor(() => broker.subscriptions(`${base}/launch`).length > 0, "the launch topic subscribed again");
    rmSync(emu.record, { force: true });
    await publish(`${base}/launch`, "Genesis/Ristar.md");
    expect(await launched()).toBe(join(root, "roms/Genesis/Ristar.md"));
  });
});

describe("a publisher never holds the service up", () => {
  test("with its broker unreachable the service starts, launches and stops as without it", async () => {
    const deadPort = await freePort(); // nothing listens there
    const other = await startService({
      configToml: serviceConfig({ readers: { auto_detect: false }, service: { publishers: { mqtt: [{ broker: `127.0.0.1:${deadPort}`, topic: "nowhere", home_assistant: true }] } } }),
    });
    try {
      rmSync(emu.record, { force: true });
      const c = await other.connect();
      await c.call("launch", "Genesis/Sonic.md");
      expect(await launched()).toBe(join(root, "roms/Genesis/Sonic.md"));
      await c.call("stop");
    } finally {
      await other.stop();
    }
  });

  test("a clean stop publishes availability offline before it disconnects", async () => {
    const otherData = tempDir("tapserve-pub-stop-");
    writeFileSync(join(otherData, "auth.toml"), readFileSync(join(dataDir, "auth.toml")));
    const from = watcher.messages.length;
    const other = await startService({
      dataDir: otherData,
      configToml: serviceConfig({ readers: { auto_detect: false }, service: { device_id: "clean-stop-0001", publishers: { mqtt: [{ broker: `127.0.0.1:${broker.port}`, topic: "tapserve", home_assistant: true }] } } }),
    });
    const otherBase = `tapserve/${nodeId("clean-stop-0001")}`;
    let stopped = false;
    try {
      await watcher.next(`${otherBase}/availability`, (m) => m.text === "online", from);
      await other.stop();
      stopped = true;
      expect((await watcher.next(`${otherBase}/availability`, (m) => m.text === "offline", from)).text).toBe("offline");
    } finally {
      if (!stopped) await other.stop();
      rmSync(otherData, { recursive: true, force: true });
    }
  });
});

describe("Home Assistant's birth message and turning the integration off", () => {
  test("HA's birth message (homeassistant/status = online) publishes every discovery config again: a device deleted in HA comes back", async () => {
    const node = nodeId(svc.app.config.current.service.device_id);
    const configs = `homeassistant/+/${node}/+/config`;
    const live = await Watcher.open(configs);
    try {
      const kept = await retainedNow(configs);
      expect(kept.length).toBe(7);
      // deleting the device in HA's UI: HA empties each retained config, then announces itself again
      for (const m of kept) await publish(m.topic, "", true);
      expect(await retainedNow(configs)).toEqual([]);
      const from = live.messages.length;
      await publish("homeassistant/status", "online");
      await waitFor(() => live.messages.slice(from).filter((m) => m.text !== "").length >= 7 && true, "the configs published again");
      const back = await retainedNow(configs);
      expect(back.map((m) => m.topic).sort()).toEqual(kept.map((m) => m.topic).sort());
      for (const m of back) expect(json(m).unique_id).toBe(`${node}_${m.topic.split("/")[3]}`);
      // HA's last will (offline) asks for nothing
      const quiet = live.messages.length;
      await publish("homeassistant/status", "offline");
      await retainedNow(configs);
      expect(live.messages.length).toBe(quiet);
    } finally {
      await live.close();
    }
  });

  test("home_assistant = false removes the device's retained configs (and its state); an entry with HA on, on that host, keeps them", async () => {
    const otherData = tempDir("tapserve-pub-off-");
    writeFileSync(join(otherData, "auth.toml"), readFileSync(join(dataDir, "auth.toml")));
    const node = nodeId("ha-off-0001");
    const configs = `homeassistant/+/${node}/+/config`;
    const mine = `tapserve/${node}/#`;
    const start = (mqttEntries: Record<string, unknown>[]) =>
      startService({ dataDir: otherData, configToml: serviceConfig({ readers: { auto_detect: false }, service: { device_id: "ha-off-0001", publishers: { mqtt: mqttEntries } } }) });
    const connections = () => readFileSync(join(otherData, "service.log"), "utf8").split("\n").filter((l) => l.includes(`connected to 127.0.0.1:${broker.port}`)).length;
    try {
      // off by name on one entry, on through another entry on the same broker: HA stays
      let other = await start([
        { broker: `127.0.0.1:${broker.port}`, topic: "tapserve", home_assistant: false },
        { broker: `mqtt://127.0.0.1:${broker.port}`, topic: "tapserve", home_assistant: true },
      ]);
      try {
        await waitFor(() => connections() >= 2, "both connections");
        await waitFor(async () => (await retainedNow(configs)).length === 7, "seven retained configs");
        expect(readFileSync(join(otherData, "service.log"), "utf8")).not.toContain("removing the discovery configs");
      } finally {
        await other.stop();
      }
      expect((await retainedNow(mine)).map((m) => m.topic).sort()).toEqual([`tapserve/${node}/availability`, `tapserve/${node}/state`]);

      // turned off: at connect the configs, the availability and the state are emptied, other devices' configs stay
      const live = await Watcher.open(configs);
      try {
        other = await start([{ broker: `127.0.0.1:${broker.port}`, topic: "tapserve", home_assistant: false }]);
        try {
          await waitFor(() => live.messages.filter((m) => m.text === "").length >= 7 && true, "seven emptied configs");
          expect(await retainedNow(configs)).toEqual([]);
          expect(await retainedNow(mine)).toEqual([]);
          expect((await retainedNow(`homeassistant/+/${nodeId(svc.app.config.current.service.device_id)}/+/config`)).length).toBe(7);
        } finally {
          await other.stop();
        }
      } finally {
        await live.close();
      }
    } finally {
      rmSync(otherData, { recursive: true, force: true });
    }
  });
});

describe("Home Assistant availability (last will)", () => {
  test("over TLS, availability goes offline when the service is killed with SIGKILL", async () => {
    const childData = tempDir("tapserve-pub-child-");
    try {
      // over TLS, with the broker's certificate trusted by the child (and the credentials under the mqtts URL)
      writeFileSync(join(childData, "auth.toml"), [`[creds."mqtts://localhost:${broker.tlsPort}"]`, 'username = "zaparoo"', `password = "${PASSWORD}"`, ""].join("\n"));
      writeFileSync(join(childData, "config.toml"), serviceConfig({ readers: { auto_detect: false }, service: { device_id: "lwt-child-0001", publishers: { mqtt: [{ broker: `mqtts://localhost:${broker.tlsPort}`, topic: "tapserve", home_assistant: true }] } } }));
      const childBase = `tapserve/${nodeId("lwt-child-0001")}`;
      const port = await freePort();
      const child = runChild(["--port", String(port), "--host", "127.0.0.1", "--data-dir", childData], { env: { TAPSERVE_MDNS: "off", NODE_EXTRA_CA_CERTS: cert } });
      try {
        await waitHealthy(port, child);
        const from = watcher.messages.length;
        await watcher.next(`${childBase}/availability`, (m) => m.text === "online");
        child.proc.kill("SIGKILL");
        await child.exited;
        const offline = await watcher.next(`${childBase}/availability`, (m) => m.text === "offline", from);
        expect(offline.text).toBe("offline");
        const late = await Watcher.open(`${childBase}/availability`);
        try {
          expect((await late.next(`${childBase}/availability`)).retained).toBe(true);
          expect(late.messages[0]!.text).toBe("offline");
        } finally {
          await late.close();
        }
      } finally {
        if (child.proc.exitCode === null && child.proc.signalCode === null) child.proc.kill("SIGKILL");
      }
    } finally {
      rmSync(childData, { recursive: true, force: true });
    }
  });
});

test("after all of the above, the broker's password is never in the service log", () => {
  expect(readFileSync(join(dataDir, "service.log"), "utf8")).not.toContain(PASSWORD);
});
