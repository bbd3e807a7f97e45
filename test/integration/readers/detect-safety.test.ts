/**
 * Detection never writes to a port it cannot identify: a tty2oled display (an ESP32-S3 on its own USB, a real
 * pty standing in for it) sits next to a PN532 on a CH340 adapter (another pty, the PN532 simulator on its far
 * end) and an on-board UART (a third pty, as `ttyS0` with a 16550A); a fake sysfs root describes them. Through
 * the service, the PN532 is detected and listed while the display's and the UART's ends of the line receive
 * not one byte, pass after pass. The opt-in `readers.probe_unknown_ports`
 * is checked on the driver: with it, the unknown port is probed (once, until replugged).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pn532Driver } from "../../../src/readers/pn532/driver.ts";
import { hardwareRoots } from "../../../src/readers/serial/sysfs.ts";
import { bunRuntime } from "../../../src/runtime/bun/index.ts";
import type { SerialPort } from "../../../src/runtime/types.ts";
import { ManualClock } from "../../fakes/clock.ts";
import { FakeHardware, type UsbSerialSpec } from "../../fixtures/fake-sysfs.ts";
import { waitFor, writeEmulator } from "../../fixtures/launch-env.ts";
import { Pn532Sim } from "../../fixtures/pn532-sim.ts";
import { readerServiceConfig } from "../../fixtures/reader-service-config.ts";
import type { RpcClient } from "../../fixtures/rpc-client.ts";
import { type SerialPair, startSerialPair } from "../../fixtures/serial-pair.ts";
import { startService, tempDir, type TestService } from "../../fixtures/service.ts";

const TTY2OLED: UsbSerialSpec = { name: "ttyACM0", vid: "303A", pid: "1001", manufacturer: "Espressif", product: "USB JTAG/serial debug unit", topology: "1-1" };
const PN532: UsbSerialSpec = { name: "ttyUSB0", vid: "1A86", pid: "7523", product: "USB Serial", topology: "1-2.3.1" };

let root: string;
let hw: FakeHardware;
let display: SerialPair;
let reader: SerialPair;
let uart: SerialPair;
let displayEnd: SerialPort;
let uartEnd: SerialPort;
const heard: Uint8Array[] = [];
let uartHeard = 0;
const sim = new Pn532Sim();
const clock = new ManualClock(Date.now());

beforeAll(async () => {
  root = tempDir("tapserve-detect-safety-");
  hw = new FakeHardware(join(root, "hw"));
  display = await startSerialPair("oled");
  reader = await startSerialPair("pn532");
  displayEnd = await bunRuntime.openSerial(display.peerPath, { baud: 115200 });
  displayEnd.onData((chunk) => heard.push(chunk));
  await sim.attach(reader.peerPath);
  hw.plug(TTY2OLED, display.devicePath);
  hw.plug(PN532, reader.devicePath);
  // An on-board UART: a platform device (no USB above it) whose `type` says a 16550A is there.
  uart = await startSerialPair("uart");
  uartEnd = await bunRuntime.openSerial(uart.peerPath, { baud: 115200 });
  uartEnd.onData((chunk) => (uartHeard += chunk.length));
  const platformTty = join(hw.root, "sys", "devices", "platform", "serial8250", "tty", "ttyS0");
  mkdirSync(platformTty, { recursive: true });
  writeFileSync(join(platformTty, "type"), "4\n");
  symlinkSync(join(hw.root, "sys", "devices", "platform", "serial8250"), join(platformTty, "device"));
  symlinkSync(platformTty, join(hw.root, "sys", "class", "tty", "ttyS0"));
  symlinkSync(uart.devicePath, hw.devPath("ttyS0"));
});

afterAll(async () => {
  await displayEnd?.close();
  await uartEnd?.close();
  await uart?.stop();
  await sim.detach();
  await display?.stop();
  await reader?.stop();
  rmSync(root, { recursive: true, force: true });
});

describe("serial detection", () => {
  let svc: TestService;
  let client: RpcClient;

  afterAll(async () => {
    await svc?.stop();
  });

  test("a tty2oled display receives not one byte while the PN532 next to it is detected and listed", async () => {
    const emu = writeEmulator(join(root, "emu"));
    svc = await startService({
      platformRoot: hw.root,
      configToml: readerServiceConfig({ readers: { autoDetect: true }, root, emulator: { id: "TagEmu", script: emu.script, extensions: [".md"] } }),
      app: { clock },
    });
    client = await svc.connect();
    const listed = async () => (await client.call<{ readers: Array<Record<string, unknown>> }>("readers")).readers;
    // Ports are looked at in name order: ttyACM0 (the display) comes before the PN532's ttyUSB0.
    const pn532 = await waitFor(async () => (await listed()).find((r) => r.driver === "pn532"), "the PN532 to be detected", 20_000);
    expect(pn532).toMatchObject({ id: hw.devPath(PN532.name), readerId: "pn532-ujqixjv6", connected: true });
    for (let i = 0; i < 3; i++) await clock.advance(1000); // three more reader passes
    // A round trip over the reader's line after those passes: anything written to the display came before it.
    await waitFor(() => sim.count(0x4a) > 0, "the reader to wait for a tag");
    expect(heard.reduce((n, c) => n + c.length, 0)).toBe(0);
    expect(uartHeard).toBe(0);
    expect((await listed()).map((r) => r.id)).toEqual([hw.devPath(PN532.name)]);
  });
});

describe("the opt-in readers.probe_unknown_ports", () => {
  test("lets detection probe a port sysfs cannot name; one that does not answer is left alone until replugged", async () => {
    let optIn = false;
    const opened: string[] = [];
    const driver = pn532Driver({
      openSerial: (path, o) => {
        opened.push(path);
        return bunRuntime.openSerial(path, o);
      },
      roots: hardwareRoots(hw.root),
      probeUnknownPorts: () => optIn,
      probeMs: 300,
    });
    const exclude = new Set([hw.devPath(PN532.name), hw.devPath("ttyS0")]);
    expect(await driver.detect!(exclude)).toEqual([]);
    expect(opened).toEqual([]);
    optIn = true;
    expect(await driver.detect!(exclude)).toEqual([]); // probed: nothing answered like a PN532
    expect(opened).toEqual([hw.devPath(TTY2OLED.name)]);
    await waitFor(() => heard.length > 0, "the probe's bytes at the display");
    expect(await driver.detect!(exclude)).toEqual([]);
    expect(opened.length).toBe(1);
  });
});
