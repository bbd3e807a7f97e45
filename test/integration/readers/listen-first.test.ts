/**
 * Issue 26, listen first: the service answers while a reader probe is still under way. A configured PN532 sits
 * on a real pty (socat) whose far end receives the probe and never answers; on a manual clock the probe's
 * timeout never fires, so the probe hangs for the whole test.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { stringify } from "smol-toml";
import { bunRuntime } from "../../../src/runtime/bun/index.ts";
import type { SerialPort } from "../../../src/runtime/serial-types.ts";
import { ManualClock } from "../../fakes/clock.ts";
import { waitFor } from "../../fixtures/launch-env.ts";
import type { RpcClient } from "../../fixtures/rpc-client.ts";
import { startSerialPair, type SerialPair } from "../../fixtures/serial-pair.ts";
import { startService, tempDir, type TestService } from "../../fixtures/service.ts";

let pair: SerialPair;
let peer: SerialPort;
let svc: TestService;
let client: RpcClient;
let received = 0;
let dir: string;

beforeAll(async () => {
  dir = tempDir("tapserve-listen-first-");
  pair = await startSerialPair("ttyUSB0");
  peer = await bunRuntime.openSerial(pair.peerPath, { baud: 115200 });
  peer.onData((chunk) => (received += chunk.length)); // the device: hears the probe, says nothing
  svc = await startService({
    dataDir: dir,
    configToml: stringify({ readers: { auto_detect: false, connect: [{ driver: "pn532", path: pair.devicePath }] } }),
    app: { clock: new ManualClock(Date.UTC(2025, 0, 1)) },
  });
  client = await svc.connect();
});

afterAll(async () => {
  await svc?.stop();
  await peer?.close();
  await pair?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe("listen first", () => {
  test("version is answered while the PN532 probe hangs; the reader is not listed meanwhile", async () => {
    await waitFor(() => received > 0, "the probe to reach the device");
    expect(await client.call("version")).toMatchObject({ platform: "linux" });
    expect(await client.call("readers")).toEqual({ readers: [] });
    expect(client.notifications.filter((n) => n.method === "readers.added")).toEqual([]);
  });
});
