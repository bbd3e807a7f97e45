/**
 * The PN532 driver through the whole service: the simulated chip on an in-memory serial port
 * (test/fakes/serial-port.ts) behind a device node that a fake sysfs root describes as a CH340 USB-serial
 * adapter, found by auto-detection; taps become tokens and launch a real process through a mapping; writes
 * read back; unplug and replug. Detection leaves light guns, ports named in the settings and ports on USB chips
 * no PN532 board uses alone. The service runs on a manual clock: a reader pass happens when the test moves
 * time on. The real serial adapters are covered over ptys in serial-port.test.ts.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { bunRuntime } from "../../../src/runtime/bun/index.ts";
import { ManualClock } from "../../fakes/clock.ts";
import { FakeSerialDevice, fakeSerialRuntime } from "../../fakes/serial-port.ts";
import { FakeHardware, type UsbSerialSpec } from "../../fixtures/fake-sysfs.ts";
import { isAlive, waitFor, writeEmulator, writeFiles } from "../../fixtures/launch-env.ts";
import { Pn532Sim } from "../../fixtures/pn532-sim.ts";
import { Ntag215 } from "../../fixtures/pn532-tags.ts";
import type { RpcClient } from "../../fixtures/rpc-client.ts";
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
const clock = new ManualClock(Date.now());
/** The service's serial ports: `<root>/dev/<name>` → the in-memory device behind it. */
const ports = new Map<string, FakeSerialDevice>();
const sim = new Pn532Sim();
let pn532: FakeSerialDevice;
let lightGun: FakeSerialDevice;
let configured: FakeSerialDevice;
let pnPath: string;
let nextMinor = 0;

async function next<T>(method: string, pred: (p: T) => boolean = () => true, from = client.notifications.length): Promise<T> {
  const hit = await waitFor(() => client.notifications.slice(from).find((n) => n.method === method && pred(n.params as T)), method, 20_000);
  return hit.params as T;
}

const listed = async () => (await client.call<{ readers: Array<Record<string, unknown>> }>("readers")).readers;

/** A device node (a character device, as udev makes one) for `spec`, with an in-memory port behind it. */
function usbDevice(spec: UsbSerialSpec): FakeSerialDevice {
  const device = new FakeSerialDevice({ node: join(root, "nodes", spec.name), char: { major: 188, minor: nextMinor++ }, unplugged: true });
  ports.set(hw.devPath(spec.name), device);
  return device;
}

/** Plugs the device in: its node, then sysfs's description and the /dev entry. */
function plug(spec: UsbSerialSpec, device: FakeSerialDevice): string {
  device.plug();
  return hw.plug(spec, join(root, "nodes", spec.name));
}

/** Pulls the device: the /dev entry and sysfs's description go, an open port hangs up. */
function unplug(spec: UsbSerialSpec, device: FakeSerialDevice): void {
  hw.unplug(spec.name);
  device.unplug();
}

/** The next reader pass (one a second, on the manual clock). */
const pass = () => clock.advance(1000);

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
    app: { runtime: fakeSerialRuntime(bunRuntime, ports), clock },
  });
  client = await svc.connect();
});

afterAll(async () => {
  await svc?.stop();
  await sim.detach();
  rmSync(root, { recursive: true, force: true });
});

describe("PN532 through the service", () => {
  test("a light gun and a port named in the settings are never probed; the PN532 is detected with the reference's readerId", async () => {
    lightGun = usbDevice(LIGHT_GUN);
    configured = usbDevice(CONFIGURED);
    plug(LIGHT_GUN, lightGun);
    plug(CONFIGURED, configured);
    pn532 = usbDevice(PN532);
    pn532.plug();
    await sim.attach(pn532.deviceEnd());
    const added = next<Record<string, unknown>>("readers.added", (p) => p.driver === "pn532");
    pnPath = plug(PN532, pn532);
    await pass();
    expect(await added).toEqual({ connected: true, driver: "pn532", path: pnPath });
    expect((await listed()).find((r) => r.driver === "pn532")).toEqual({
      id: pnPath,
      readerId: "pn532-ujqixjv6", // the note's check value for pn532 on USB port 1-2.3.1
      driver: "pn532",
      info: `PN532 (pn532uart:${pnPath})`,
      connected: true,
      capabilities: ["write", "removable"],
    });
    expect(lightGun.attempts).toBe(0);
    expect(configured.written.length).toBe(0); // opened by its own driver (rs232barcode), never written to
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

  /** Pulls the PN532 (the reader lists it disconnected, the next pass removes it) and plugs it back (a new device node: the next pass adds it). */
  async function replugPn532(): Promise<void> {
    const removed = next<Record<string, unknown>>("readers.removed", (p) => p.driver === "pn532");
    await sim.detach();
    unplug(PN532, pn532);
    await waitFor(async () => (await listed()).find((r) => r.driver === "pn532")?.connected === false, "the reader to see its port hang up");
    await pass();
    expect(await removed).toEqual({ connected: false, driver: "pn532", path: pnPath });
    const added = next<Record<string, unknown>>("readers.added", (p) => p.driver === "pn532");
    pn532.plug();
    await sim.attach(pn532.deviceEnd());
    plug(PN532, pn532);
    await pass();
    expect(await added).toEqual({ connected: true, driver: "pn532", path: pnPath });
  }

  test("unplug → readers.removed; replug → readers.added with the same readerId, and taps work again", async () => {
    await replugPn532();
    expect((await listed()).filter((r) => r.driver === "pn532").map((r) => r.readerId)).toEqual(["pn532-ujqixjv6"]);
    const tapped = next<Record<string, unknown>>("tokens.added");
    sim.place(Ntag215.withText("after replug"));
    expect((await tapped).text).toBe("after replug");
  });

  test("a port whose USB chip is no PN532 board's is never opened, pass after pass and after a replug", async () => {
    const arduino = usbDevice(ARDUINO);
    plug(ARDUINO, arduino);
    await pass();
    for (let i = 0; i < 3; i++) await pass();
    await replugPn532(); // passes that certainly ran
    unplug(ARDUINO, arduino);
    plug(ARDUINO, arduino);
    await pass();
    await replugPn532();
    expect(arduino.attempts).toBe(0);
    expect(arduino.written.length).toBe(0);
    expect(lightGun.attempts).toBe(0); // the light gun, still
  });
});
