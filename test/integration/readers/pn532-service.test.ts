/**
 * The PN532 driver through the whole service: the simulated chip on a pty that a fake sysfs root describes as
 * a CH340 USB-serial adapter, found by auto-detection; taps become tokens and launch a real process through a
 * mapping; writes read back; unplug and replug. Detection leaves light guns, ports named in the settings and
 * ports that did not answer like a PN532 alone.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { bunRuntime } from "../../../src/runtime/bun/index.ts";
import type { SerialPort } from "../../../src/runtime/types.ts";
import { FakeHardware, type UsbSerialSpec } from "../../fixtures/fake-sysfs.ts";
import { isAlive, waitFor, writeEmulator, writeFiles } from "../../fixtures/launch-env.ts";
import { Pn532Sim } from "../../fixtures/pn532-sim.ts";
import { Ntag215 } from "../../fixtures/pn532-tags.ts";
import type { RpcClient } from "../../fixtures/rpc-client.ts";
import { type SerialPair, startSerialPair } from "../../fixtures/serial-pair.ts";
import { startService, tempDir, type TestService } from "../../fixtures/service.ts";
import { readerServiceConfig } from "../../fixtures/reader-service-config.ts";

const PN532: UsbSerialSpec = { name: "ttyUSB0", vid: "1A86", pid: "7523", product: "USB Serial", topology: "1-2.3.1" };
const LIGHT_GUN: UsbSerialSpec = { name: "ttyACM0", vid: "16C0", pid: "0F38", manufacturer: "Sinden", product: "SindenLightgun", topology: "1-1" };
const ARDUINO: UsbSerialSpec = { name: "ttyACM1", vid: "2341", pid: "0043", manufacturer: "Arduino", product: "Uno", topology: "1-4" };
const CONFIGURED: UsbSerialSpec = { name: "ttyUSB1", vid: "1A86", pid: "7523", product: "USB Serial", topology: "1-3" };

let root: string;
let hw: FakeHardware;
let svc: TestService;
let client: RpcClient;
let emu: { script: string; record: string };
let sim: Pn532Sim;
let reader: SerialPair;
const others: Array<{ pair: SerialPair; peer: SerialPort; received: number }> = [];
let pnPath: string;

async function next<T>(method: string, pred: (p: T) => boolean = () => true, from = client.notifications.length): Promise<T> {
  const hit = await waitFor(() => client.notifications.slice(from).find((n) => n.method === method && pred(n.params as T)), method, 20_000);
  return hit.params as T;
}

/** A device that is not a PN532: counts what anyone sends it, answers nothing. */
async function bystander(spec: UsbSerialSpec) {
  const pair = await startSerialPair(spec.name);
  const peer = await bunRuntime.openSerial(pair.peerPath, { baud: 115200 });
  const entry = { pair, peer, received: 0 };
  peer.onData((chunk) => (entry.received += chunk.length));
  hw.plug(spec, pair.devicePath);
  others.push(entry);
  return entry;
}

beforeAll(async () => {
  root = tempDir("tapserve-pn532-svc-");
  writeFiles(root, ["roms/Genesis/Sonic.md"]);
  emu = writeEmulator(join(root, "emu"));
  hw = new FakeHardware(join(root, "hw"));
  svc = await startService({
    platformRoot: hw.root,
    configToml: readerServiceConfig({
      readers: { autoDetect: true, connect: [{ driver: "rs232barcode", path: hw.devPath(CONFIGURED.name) }] },
      root,
      emulator: { id: "TagEmu", script: emu.script, extensions: [".md"] },
    }),
  });
  client = await svc.connect();
});

afterAll(async () => {
  await svc?.stop();
  await sim?.detach();
  await reader?.stop();
  for (const o of others) {
    await o.peer.close();
    await o.pair.stop();
  }
  rmSync(root, { recursive: true, force: true });
});

describe("PN532 through the service", () => {
  test("a light gun and a port named in the settings are never touched; the PN532 is detected with the reference's readerId", async () => {
    await bystander(LIGHT_GUN);
    await bystander(CONFIGURED);
    reader = await startSerialPair(PN532.name);
    sim = new Pn532Sim();
    await sim.attach(reader.peerPath);
    const added = next<Record<string, unknown>>("readers.added", (p) => p.driver === "pn532");
    pnPath = hw.plug(PN532, reader.devicePath);
    expect(await added).toEqual({ connected: true, driver: "pn532", path: pnPath });
    const { readers } = await client.call<{ readers: Array<Record<string, unknown>> }>("readers");
    expect(readers.find((r) => r.driver === "pn532")).toEqual({
      id: pnPath,
      readerId: "pn532-ujqixjv6", // the note's check value for pn532 on USB port 1-2.3.1
      driver: "pn532",
      info: `PN532 (pn532uart:${pnPath})`,
      connected: true,
      capabilities: ["write", "removable"],
    });
    expect(others.map((o) => o.received)).toEqual([0, 0]);
  });

  test("tap → tokens.added with uid and text → a real launcher process through a mapping; remove → tokens.removed", async () => {
    await client.call("mappings.new", { enabled: true, type: "text", match: "exact", pattern: "sonic please", override: "Genesis/Sonic.md" });
    const added = next<Record<string, unknown>>("tokens.added");
    sim.place(Ntag215.withText("sonic please"));
    expect(await added).toMatchObject({ type: "ntag215", uid: "04a1b2c3d4e580", text: "sonic please", readerId: "pn532-ujqixjv6" });
    const launched = await waitFor(() => existsSync(emu.record) && readFileSync(emu.record, "utf8").split("\n"), "the launcher's record");
    expect(launched[1]).toBe(join(root, "roms/Genesis/Sonic.md"));
    expect(isAlive(Number(launched[0]))).toBe(true);
    const removed = next("tokens.removed");
    sim.remove();
    await removed;
    expect((await client.call<{ active: unknown[] }>("tokens")).active).toEqual([]);
    await client.call("stop");
  });

  test("readers.write puts new text on the tag; the next tap reads it back", async () => {
    const tag = Ntag215.withText("old text");
    const first = next<Record<string, unknown>>("tokens.added");
    sim.place(tag);
    expect((await first).text).toBe("old text");
    expect(await client.call("readers.write", { text: "**launch.random:genesis", readerId: "pn532-ujqixjv6" })).toBeNull();
    const removed = next("tokens.removed");
    sim.remove();
    await removed;
    const again = next<Record<string, unknown>>("tokens.added");
    sim.place(tag);
    expect(await again).toMatchObject({ uid: "04a1b2c3d4e580", text: "**launch.random:genesis" });
    const gone = next("tokens.removed");
    sim.remove();
    await gone;
  });

  test("unplug → readers.removed; replug → readers.added with the same readerId, and taps work again", async () => {
    const removed = next<Record<string, unknown>>("readers.removed", (p) => p.driver === "pn532");
    await sim.detach();
    await reader.unplug();
    hw.unplug(PN532.name);
    expect(await removed).toEqual({ connected: false, driver: "pn532", path: pnPath });

    const added = next<Record<string, unknown>>("readers.added", (p) => p.driver === "pn532");
    await reader.replug();
    await sim.attach(reader.peerPath);
    hw.plug(PN532, reader.devicePath);
    expect(await added).toEqual({ connected: true, driver: "pn532", path: pnPath });
    const { readers } = await client.call<{ readers: Array<Record<string, unknown>> }>("readers");
    expect(readers.filter((r) => r.driver === "pn532").map((r) => r.readerId)).toEqual(["pn532-ujqixjv6"]);
    const tapped = next<Record<string, unknown>>("tokens.added");
    sim.place(Ntag215.withText("after replug"));
    expect((await tapped).text).toBe("after replug");
  });

  test("a port that does not answer like a PN532 is probed once, then left alone until it is replugged", async () => {
    const arduino = await bystander(ARDUINO);
    await waitFor(() => arduino.received > 0, "the probe of the unknown port");
    // Several passes later (a PN532 unplug and replug, each seen by a pass), nothing more was sent to it.
    const afterProbe = await waitFor(async () => {
      const n = arduino.received;
      await new Promise((r) => setTimeout(r, 2500)); // a probe lasts well under this; then the count holds
      return arduino.received === n && n;
    }, "the probe to end");
    const removed = next<Record<string, unknown>>("readers.removed", (p) => p.driver === "pn532");
    await sim.detach();
    await reader.unplug();
    hw.unplug(PN532.name);
    await removed;
    const added = next<Record<string, unknown>>("readers.added", (p) => p.driver === "pn532");
    await reader.replug();
    await sim.attach(reader.peerPath);
    hw.plug(PN532, reader.devicePath);
    await added;
    expect(arduino.received).toBe(afterProbe);
    // Replugged: it is a new device node, so it gets one more look.
    await arduino.pair.unplug();
    hw.unplug(ARDUINO.name);
    await arduino.pair.replug();
    await arduino.peer.close().catch(() => {});
    arduino.peer = await bunRuntime.openSerial(arduino.pair.peerPath, { baud: 115200 });
    arduino.received = 0;
    arduino.peer.onData((chunk) => (arduino.received += chunk.length));
    hw.plug(ARDUINO, arduino.pair.devicePath);
    await waitFor(() => arduino.received > 0, "a probe after the replug");
    expect(others[0]!.received).toBe(0); // the light gun, still
  });
});
