/**
 * Serial readers that fail: a configured port that is missing, or a PN532 that does not answer, is retried
 * (with growing delays) and logged once per state change, not once per pass; when the device comes, the
 * reader is added; when it goes, it is removed and the failure is logged once more.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { bunRuntime } from "../../../src/runtime/bun/index.ts";
import type { SerialPort } from "../../../src/runtime/types.ts";
import { waitFor } from "../../fixtures/launch-env.ts";
import type { RpcClient } from "../../fixtures/rpc-client.ts";
import { type SerialPair, startSerialPair } from "../../fixtures/serial-pair.ts";
import { startService, type TestService } from "../../fixtures/service.ts";

let svc: TestService;
let client: RpcClient;
let missing: SerialPair;
let silent: SerialPair;
let silentPeer: SerialPort;
let wakeUps = 0;

const serviceLog = () => readFileSync(join(svc.dataDir, "service.log"), "utf8");
const count = (needle: string) => serviceLog().split("\n").filter((l) => l.includes(needle)).length;
/** Lets the reader manager run a few passes (one a second). */
const passes = (n: number) => new Promise((r) => setTimeout(r, n * 1000 + 200));

beforeAll(async () => {
  missing = await startSerialPair("ttyACM7");
  await missing.unplug();
  silent = await startSerialPair("ttyUSB7");
  silentPeer = await bunRuntime.openSerial(silent.peerPath, { baud: 115200 });
  silentPeer.onData((chunk) => (wakeUps += chunk.filter((b) => b === 0x55).length));
  svc = await startService({
    keep: !!process.env.KEEP_LOG,
    configToml: [
      "[readers]",
      "auto_detect = false",
      "[[readers.connect]]",
      'driver = "simpleserial"',
      `path = "${missing.devicePath}"`,
      "[[readers.connect]]",
      'driver = "pn532_uart"',
      `path = "${silent.devicePath}"`,
      "",
    ].join("\n"),
  });
  client = await svc.connect();
});

afterAll(async () => {
  await svc?.stop();
  await silentPeer?.close();
  await missing?.stop();
  await silent?.stop();
});

describe("failing serial readers", () => {
  test("a missing port and a PN532 that never answers are each logged once while retried, and not listed", async () => {
    await waitFor(() => count(`cannot open reader simpleserial:${missing.devicePath}`) > 0 && count(`cannot open reader pn532:${silent.devicePath}`) > 0, "both failures in the log");
    const tried = wakeUps;
    await passes(4);
    expect(count(`cannot open reader simpleserial:${missing.devicePath}`)).toBe(1);
    expect(count(`cannot open reader pn532:${silent.devicePath}`)).toBe(1);
    expect(wakeUps).toBeGreaterThan(tried); // still retried
    expect((await client.call<{ readers: unknown[] }>("readers")).readers).toEqual([]);
  });

  test("the device arrives: readers.added; it goes: readers.removed, and the failure is logged once again", async () => {
    const from = client.notifications.length;
    await missing.replug();
    const peer = await bunRuntime.openSerial(missing.peerPath, { baud: 115200 });
    await waitFor(() => client.notifications.slice(from).find((n) => n.method === "readers.added"), "readers.added", 40_000);
    const { readers } = await client.call<{ readers: Array<Record<string, unknown>> }>("readers");
    expect(readers.map((r) => [r.driver, r.connected])).toEqual([["simpleserial", true]]);
    await peer.close();
    await missing.unplug();
    await waitFor(() => client.notifications.slice(from).find((n) => n.method === "readers.removed"), "readers.removed");
    await waitFor(() => count(`cannot open reader simpleserial:${missing.devicePath}`) === 2, "the failure logged again");
    await passes(3);
    expect(count(`cannot open reader simpleserial:${missing.devicePath}`)).toBe(2);
    expect(count(`reader added: simpleserial:${missing.devicePath}`)).toBe(1);
    expect(count(`reader removed: simpleserial:${missing.devicePath}`)).toBe(1);
  });
});
