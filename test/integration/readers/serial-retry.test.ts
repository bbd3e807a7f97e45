/**
 * Serial readers that fail, through the whole service on in-memory ports (test/fakes/serial-port.ts): a
 * configured port that is missing, or a PN532 that does not answer, is retried and never listed; when the
 * device comes, the reader is added; when it goes, it is removed, once each. What a client sees: `readers`, the
 * readers.added / readers.removed notifications, and what the service keeps sending the silent chip. The pacing
 * of the retries is timed on a manual clock (test/unit/readers/serial-backoff.test.ts, manager.test.ts).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { stringify } from "smol-toml";
import { bunRuntime } from "../../../src/runtime/bun/index.ts";
import { FakeSerialDevice, fakeSerialRuntime } from "../../fakes/serial-port.ts";
import { waitFor } from "../../fixtures/launch-env.ts";
import type { RpcClient } from "../../fixtures/rpc-client.ts";
import { tempDir, type TestService } from "../../fixtures/service.ts";
import { startServiceWithRuntime } from "../../fixtures/service-with-runtime.ts";

let dir: string;
let svc: TestService;
let client: RpcClient;
let missingPath: string;
let missing: FakeSerialDevice;
let silent: FakeSerialDevice;

/** PN532 wake-up bytes the service sent the chip that never answers. */
const wakeUps = () => silent.written.filter((b) => b === 0x55).length;
const since = (from: number, method: string) => client.notifications.slice(from).filter((n) => n.method === method);
const listed = async () => (await client.call<{ readers: Array<Record<string, unknown>> }>("readers")).readers.map((r) => [r.driver, r.connected]);

beforeAll(async () => {
  dir = tempDir("tapserve-serial-retry-");
  missingPath = join(dir, "dev/ttyACM7");
  const silentPath = join(dir, "dev/ttyUSB7");
  missing = new FakeSerialDevice({ node: missingPath, unplugged: true });
  silent = new FakeSerialDevice({ node: silentPath });
  svc = await startServiceWithRuntime(fakeSerialRuntime(bunRuntime, new Map([[missingPath, missing], [silentPath, silent]])), {
    configToml: stringify({ readers: { auto_detect: false, connect: [{ driver: "simpleserial", path: missingPath }, { driver: "pn532_uart", path: silentPath }] } }),
  });
  client = await svc.connect();
});

afterAll(async () => {
  await svc?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe("failing serial readers", () => {
  test("a missing port and a PN532 that never answers are retried and not listed", async () => {
    await waitFor(() => missing.attempts > 0 && silent.opens > 0 && !silent.isOpen, "a first failed open of each");
    const tried = wakeUps();
    expect(tried).toBeGreaterThan(0);
    await waitFor(() => wakeUps() > tried, "the PN532 to be tried again", 20_000);
    expect(await listed()).toEqual([]);
    expect(since(0, "readers.added")).toEqual([]);
  });

  test("the device arrives: readers.added; it goes: readers.removed, once each", async () => {
    const from = client.notifications.length;
    missing.plug(); // a new device node: tried on the next pass, whatever the wait
    await waitFor(() => since(from, "readers.added").length > 0, "readers.added");
    expect(await listed()).toEqual([["simpleserial", true]]);
    expect(missing.baud).toBe(115200);
    missing.unplug();
    await waitFor(() => since(from, "readers.removed").length > 0, "readers.removed");
    expect(await listed()).toEqual([]);
    expect(since(from, "readers.added")).toEqual([{ method: "readers.added", params: { connected: true, driver: "simpleserial", path: missingPath } }]);
    expect(since(from, "readers.removed")).toHaveLength(1);
  });
});
