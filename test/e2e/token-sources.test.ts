/**
 * The newer token sources and audio feedback on both runtimes (the service from source on Bun, the Node bundle
 * on Node 24), each a real child process: MQTT in plain and over TLS (a real Mosquitto; the broker's
 * certificate trusted through NODE_EXTRA_CA_CERTS), a FAT drive on fusefat below the watched folder, and the
 * success sound played through a recording stand-in for aplay on ALSA's null device.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import mqtt from "mqtt";
import { feedbackSound } from "../../src/core/audio/feedback-sounds.ts";
import { FatDrive } from "../fixtures/fat-drive.ts";
import { waitFor, writeEmulator, writeFiles } from "../fixtures/launch-env.ts";
import { Mosquitto } from "../fixtures/mosquitto.ts";
import { writeRecordingPlayer } from "../fixtures/recording-player.ts";
import type { RpcClient } from "../fixtures/rpc-client.ts";
import { NODE_X64_VERSION, RUNTIME_SETUP_TIMEOUT_MS, RUNTIMES, type RuntimeService, startOnRuntime } from "../fixtures/runtimes.ts";
import { tempDir } from "../fixtures/service.ts";

const PASSWORD = "e2e-Broker-secret";

for (const runtime of RUNTIMES) {
  describe(`token sources on ${runtime === "bun" ? "Bun (source)" : `Node ${NODE_X64_VERSION} (bundle)`}`, () => {
    let root: string;
    let broker: Mosquitto;
    let svc: RuntimeService;
    let client: RpcClient;
    let emu: { script: string; record: string };
    let player: ReturnType<typeof writeRecordingPlayer>;
    let drive: FatDrive;
    let caBefore: string | undefined;

    async function launched(trigger: () => unknown): Promise<string> {
      if (existsSync(emu.record)) unlinkSync(emu.record);
      await trigger();
      return waitFor(() => existsSync(emu.record) && readFileSync(emu.record, "utf8").split("\n")[1], "the launcher's record", 20_000);
    }

    async function publish(url: string, topic: string, payload: string, ca?: string): Promise<void> {
      const c = await mqtt.connectAsync(url, { username: "zaparoo", password: PASSWORD, reconnectPeriod: 0, ...(ca ? { ca: readFileSync(ca) } : {}) });
      await c.publishAsync(topic, payload, { qos: 1 });
      await c.endAsync();
    }

    /** Read for one thing only: the log itself must not hold the broker password. */
    const log = () => readFileSync(join(svc.dataDir, "service.log"), "utf8");

    beforeAll(async () => {
      root = tempDir(`tapserve-sources-${runtime}-`);
      writeFiles(root, ["roms/Genesis/Sonic.md", "roms/Genesis/Ristar.md", "roms/Genesis/Vectorman.md", "media/.keep"]);
      emu = writeEmulator(join(root, "emu"));
      player = writeRecordingPlayer(join(root, "player"));
      drive = FatDrive.create(join(root, "stick.img"), "STICK", { "zaparoo.txt": "Genesis/Vectorman.md\n" });
      const cert = join(root, "broker.pem");
      const key = join(root, "broker.key");
      execFileSync("openssl", ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-keyout", key, "-out", cert, "-days", "1", "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1"], { stdio: "ignore" });
      broker = new Mosquitto(root, "zaparoo", PASSWORD, { cert, key });
      await broker.start();
      const dataDir = join(root, "data");
      mkdirSync(dataDir, { recursive: true });
      writeFileSync(
        join(dataDir, "auth.toml"),
        [`[creds."mqtt://127.0.0.1:${broker.port}"]`, 'username = "zaparoo"', `password = "${PASSWORD}"`, `[creds."mqtts://localhost:${broker.tlsPort}"]`, 'username = "zaparoo"', `password = "${PASSWORD}"`, ""].join("\n"),
      );
      writeFileSync(
        join(dataDir, "config.toml"),
        [
          "console_logging = false",
          "[audio]",
          "scan_feedback = true",
          `player = "${player.script}"`,
          'device = "null"',
          "[service]",
          "mdns = false",
          "[readers]",
          "auto_detect = false",
          "[[readers.connect]]",
          'driver = "mqtt"',
          `path = "127.0.0.1:${broker.port}/tapserve/plain"`,
          "[[readers.connect]]",
          'driver = "mqtt"',
          `path = "mqtts://localhost:${broker.tlsPort}/tapserve/tls"`,
          "[[readers.connect]]",
          'driver = "externaldrive"',
          `path = "${join(root, "media")}"`,
          "[launchers]",
          `index_root = ["${root}/roms"]`,
          "retroarch = false",
          "[[launchers.custom]]",
          'id = "SourcesEmu"',
          'extensions = [".md"]',
          `command = ["${emu.script}", "{path}"]`,
          "",
        ].join("\n"),
      );
      caBefore = process.env.NODE_EXTRA_CA_CERTS;
      process.env.NODE_EXTRA_CA_CERTS = cert; // read by the child at start
      try {
        svc = await startOnRuntime(runtime, dataDir);
      } finally {
        if (caBefore === undefined) delete process.env.NODE_EXTRA_CA_CERTS;
        else process.env.NODE_EXTRA_CA_CERTS = caBefore;
      }
      client = await svc.connect();
      await waitFor(async () => (await client.call<{ readers: unknown[] }>("readers")).readers.length === 3 || undefined, "three readers", 20_000);
    }, RUNTIME_SETUP_TIMEOUT_MS);

    afterAll(async () => {
      await svc?.stop();
      drive?.unmount();
      await broker?.stop();
      rmSync(root, { recursive: true, force: true });
    });

    test("an MQTT message launches and the success sound plays on ALSA's null device", async () => {
      expect(await launched(() => publish(`mqtt://127.0.0.1:${broker.port}`, "tapserve/plain", "Genesis/Sonic.md"))).toBe(join(root, "roms/Genesis/Sonic.md"));
      const [played] = await waitFor(() => player.plays().length >= 1 && player.plays(), "the success sound", 20_000);
      expect(played!.args).toEqual(["-q", "-D", "null", "-"]);
      expect(played!.wav.equals(feedbackSound("success"))).toBe(true);
      expect(played!.rc).toBe("0");
    });

    test("an MQTT message over TLS launches", async () => {
      const cert = join(root, "broker.pem");
      expect(await launched(() => publish(`mqtts://localhost:${broker.tlsPort}`, "tapserve/tls", "Genesis/Ristar.md", cert))).toBe(join(root, "roms/Genesis/Ristar.md"));
    });

    test("a USB drive with zaparoo.txt launches while mounted; unmounting removes the token", async () => {
      expect(await launched(() => drive.mount(join(root, "media", "usb0")))).toBe(join(root, "roms/Genesis/Vectorman.md"));
      const from = client.notifications.length;
      drive.unmount();
      await waitFor(() => client.notifications.slice(from).some((n) => n.method === "tokens.removed"), "tokens.removed", 20_000);
    });

    test("the broker password is not in the log", () => {
      expect(log()).toContain("subscribed to tapserve/tls");
      expect(log()).not.toContain(PASSWORD);
    });
  });
}
