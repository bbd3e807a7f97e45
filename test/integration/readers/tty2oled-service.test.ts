/**
 * A tty2oled display through the whole service on Linux: the display and a PN532 reader are both on CH340
 * USB-serial adapters (real ptys described by a fake sysfs). With `driver = "tty2oled"` in [[readers.connect]]
 * the display is found by its handshake and held before PN532 detection runs, so PN532 detection never sends
 * it a byte; media started and stopped reach it as the reference's commands; its picture comes from the
 * pictures collection (a loopback stand-in through the guarded outbound client) once, then from the cache
 * after a restart.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import { FakeHardware } from "../../fixtures/fake-sysfs.ts";
import { type HttpStandIn, startHttpStandIn } from "../../fixtures/http-standin.ts";
import { launchAndWait } from "../../fixtures/launch-and-wait.ts";
import { waitFor, writeEmulator, writeFiles } from "../../fixtures/launch-env.ts";
import { Pn532Sim } from "../../fixtures/pn532-sim.ts";
import { readerServiceConfig } from "../../fixtures/reader-service-config.ts";
import type { RpcClient } from "../../fixtures/rpc-client.ts";
import { type SerialPair, startSerialPair } from "../../fixtures/serial-pair.ts";
import { startService, tempDir, type TestService } from "../../fixtures/service.ts";
import { pictureBytes, pictureFile, Tty2oledSim } from "../../fixtures/tty2oled-sim.ts";

setDefaultTimeout(60000);
const SNES = pictureBytes(0x5e);
const START_UP = /^CMDHWINF\nQWERTZ\n(CMDCON,128\nCMDSETTIME,\d+\nCMDSAVER,127,10,120\n){2}CMDSORG\n/;

let root: string;
let dataDir: string;
let hw: FakeHardware;
let pnPair: SerialPair;
let displayPair: SerialPair;
let collection: HttpStandIn;
const pn532 = new Pn532Sim();
const display = new Tty2oledSim();
let svc: TestService | null = null;
let client: RpcClient;
let pnPath: string;
let displayPath: string;
let emu: { script: string; record: string };

async function next<T>(method: string, pred: (p: T) => boolean = () => true): Promise<T> {
  const from = client.notifications.length;
  const hit = await waitFor(() => client.notifications.slice(from).find((n) => n.method === method && pred(n.params as T)), method, 30_000);
  return hit.params as T;
}

async function start(connect: Array<Record<string, string>> = [{ driver: "tty2oled" }]): Promise<void> {
  const config = readerServiceConfig({
    readers: { autoDetect: true, connect },
    root,
    emulator: { id: "OledEmu", script: emu.script, extensions: [".sfc"], systems: ["SNES"] },
  });
  svc = await startService({
    dataDir,
    platformRoot: hw.root,
    configToml: `${config}\n[zapscript]\nallow_http = ["127.0.0.1"]\n`,
    app: { readerHotplug: false, tty2oled: { pauses: { commandMs: 1, logoMs: 1 }, picturesUrl: `${collection.url}/Pictures` } },
  });
  client = await svc.connect();
}

beforeAll(async () => {
  root = tempDir("tapserve-oled-svc-");
  dataDir = tempDir("tapserve-oled-data-");
  writeFiles(root, ["roms/SNES/Zelda.sfc"]);
  emu = writeEmulator(join(root, "emu"));
  hw = new FakeHardware(join(root, "hw"));
  collection = await startHttpStandIn((req, res) => {
    if (req.path !== "/Pictures/GSC/SNES.gsc") {
      res.statusCode = 404;
      return void res.end();
    }
    res.end(pictureFile(SNES, "SNES"));
  });
  pnPair = await startSerialPair("ttyUSB0");
  displayPair = await startSerialPair("ttyUSB1");
  await pn532.attach(pnPair.peerPath);
  await display.attach(displayPair.peerPath);
  // Both on the USB-serial chip PN532 boards use.
  pnPath = hw.plug({ name: "ttyUSB0", vid: "1A86", pid: "7523", product: "USB Serial", topology: "1-1" }, pnPair.devicePath);
  displayPath = hw.plug({ name: "ttyUSB1", vid: "1A86", pid: "7523", product: "USB Serial", topology: "1-2" }, displayPair.devicePath);
});

afterAll(async () => {
  await svc?.stop();
  await pn532.detach();
  await display.detach();
  await pnPair?.stop();
  await displayPair?.stop();
  await collection?.close();
  rmSync(root, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

describe("tty2oled through the service (Linux)", () => {
  test("enabled without a path: found by its handshake, held, and never probed by PN532 detection; the PN532 is found too", async () => {
    await start();
    const added = (driver: string) => next<{ driver: string; path: string; connected: boolean }>("readers.added", (p) => p.driver === driver);
    const [oled, reader] = await Promise.all([added("tty2oled"), added("pn532")]);
    expect(oled).toEqual({ connected: true, driver: "tty2oled", path: displayPath });
    expect(reader).toEqual({ connected: true, driver: "pn532", path: pnPath });
    const listed = (await client.call<{ readers: Array<{ driver: string; capabilities: string[]; info: string }> }>("readers")).readers;
    expect(listed.find((r) => r.driver === "tty2oled")).toMatchObject({ capabilities: ["display", "removable"], info: `tty2oled (${displayPath})` });
    expect(display.text).toMatch(START_UP);
    // Only the display's own protocol reached it: printable lines, no PN532 wake-up (55) or frame (00 00 FF).
    expect(display.received.every((b) => b === 0x0a || (b >= 0x20 && b < 0x7f))).toBe(true);
    expect(pn532.commands.length).toBeGreaterThan(0);
  });

  test("media started: the system name, then the picture fetched for that core and sent; stopped: CMDCLS", async () => {
    display.clear();
    collection.requests.length = 0;
    expect(await launchAndWait(client, "SNES/Zelda.sfc")).toMatchObject({ success: true });
    await waitFor(() => display.commands.find((c) => c.data), "the picture on the display");
    expect(display.lines()).toEqual(["CMDCLS", "SNES", "CMDCOR,SNES,-1"]);
    expect(display.commands[2]!.data).toEqual(SNES);
    expect(collection.requests.map((r) => r.path)).toEqual(["/Pictures/GSC_US/SNES.gsc", "/Pictures/XBM_US/SNES.xbm", "/Pictures/GSC/SNES.gsc"]);
    expect(existsSync(join(dataDir, "assets/tty2oled_pics/GSC/SNES.gsc"))).toBe(true);
    display.clear();
    await client.call("stop");
    await waitFor(() => display.lines().includes("CMDCLS"), "the clear on stop");
    expect(display.lines()).toEqual(["CMDCLS"]);
  });

  test("after a restart the display is found again and the cached picture is shown without fetching", async () => {
    await svc!.stop();
    svc = null;
    display.clear();
    collection.requests.length = 0;
    await start();
    await waitFor(async () => (await client.call<{ readers: Array<{ driver: string }> }>("readers")).readers.some((r) => r.driver === "tty2oled"), "the display again");
    expect(display.text).toMatch(START_UP);
    display.clear();
    expect(await launchAndWait(client, "SNES/Zelda.sfc")).toMatchObject({ success: true });
    await waitFor(() => display.commands.find((c) => c.data), "the cached picture");
    expect(display.lines()).toEqual(["CMDCOR,SNES,-1"]);
    expect(collection.requests).toEqual([]);
    await client.call("stop");
  });

  test("unplugged, the display leaves the readers; plugged back in, it is found again and shows what plays", async () => {
    expect(await launchAndWait(client, "SNES/Zelda.sfc")).toMatchObject({ success: true });
    const removed = next<{ driver: string; connected: boolean }>("readers.removed", (p) => p.driver === "tty2oled");
    hw.unplug("ttyUSB1");
    await displayPair.unplug();
    expect(await removed).toMatchObject({ driver: "tty2oled", connected: false });
    display.clear();
    const added = next<{ driver: string; path: string }>("readers.added", (p) => p.driver === "tty2oled");
    await displayPair.replug();
    await display.attach(displayPair.peerPath);
    hw.plug({ name: "ttyUSB1", vid: "1A86", pid: "7523", product: "USB Serial", topology: "1-2" }, displayPair.devicePath);
    expect((await added).path).toBe(displayPath);
    await waitFor(() => display.commands.find((c) => c.data), "the playing game's picture");
    expect(display.text).toMatch(START_UP);
    expect(display.lines().slice(-1)).toEqual(["CMDCOR,SNES,-1"]);
    await client.call("stop");
  });

  test("with tty2oled off, PN532 detection's one probe of the display is answered with ttyack; and the port is left alone after", async () => {
    await svc!.stop();
    svc = null;
    display.clear();
    await start([]);
    await next<{ driver: string }>("readers.added", (p) => p.driver === "pn532");
    await waitFor(() => display.lines().some((l) => l !== "" && !l.startsWith("CMD")), "the probe to reach the display");
    await Bun.sleep(1500); // the probe's time limit, and a pass after it
    const heard = display.received.length;
    await Bun.sleep(2500); // more passes: nothing more is sent to it
    expect(display.received.length).toBe(heard);
    const listed = (await client.call<{ readers: Array<{ driver: string; id: string }> }>("readers")).readers;
    expect(listed.map((r) => [r.driver, r.id])).toEqual([["pn532", pnPath]]);
  });
});
