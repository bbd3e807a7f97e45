/**
 * Hot-plug of serial readers. Through the service on a fake root (a PN532 simulator on a pty that a fake sysfs
 * describes as a CH340, as in detect-safety.test.ts), on a manual clock: plugging the adapter in gets it probed
 * and announced once on the hot-plug look (250 ms), well before the next reader pass (1 s); pulling it drops the
 * reader at once, although its line still answers; plugging it back announces it again. One readers.added and
 * one readers.removed each time. The kernel-uevent path itself is checked in a private network namespace,
 * where a test may send to the uevent group: the runtime's netlink socket hears a tty come and go.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { HOTPLUG_POLL_MS } from "../../../src/readers/hotplug.ts";
import { ManualClock } from "../../fakes/clock.ts";
import { FakeHardware, type UsbSerialSpec } from "../../fixtures/fake-sysfs.ts";
import { waitFor, writeEmulator } from "../../fixtures/launch-env.ts";
import { Pn532Sim } from "../../fixtures/pn532-sim.ts";
import { readerServiceConfig } from "../../fixtures/reader-service-config.ts";
import type { RpcClient } from "../../fixtures/rpc-client.ts";
import { type SerialPair, startSerialPair } from "../../fixtures/serial-pair.ts";
import { startService, tempDir, type TestService } from "../../fixtures/service.ts";

const PN532: UsbSerialSpec = { name: "ttyUSB0", vid: "1A86", pid: "7523", product: "USB Serial", topology: "1-2.3.1" };

let root: string;
let hw: FakeHardware;
let line: SerialPair;
let svc: TestService;
let client: RpcClient;
const sim = new Pn532Sim();
const clock = new ManualClock(Date.now());

beforeAll(async () => {
  root = tempDir("tapserve-hotplug-");
  hw = new FakeHardware(join(root, "hw"));
  line = await startSerialPair("pn532");
  await sim.attach(line.peerPath);
});

afterAll(async () => {
  await svc?.stop();
  await sim.detach();
  await line?.stop();
  rmSync(root, { recursive: true, force: true });
});

const count = (method: string) => client.notifications.filter((n) => n.method === method).length;
const listed = async () => (await client.call<{ readers: Array<{ id: string; connected: boolean }> }>("readers")).readers;

describe("serial hot-plug through the service", () => {
  test("plugged: probed and announced on the next look, before any reader pass; unplugged: dropped at once; once each", async () => {
    const emu = writeEmulator(join(root, "emu"));
    svc = await startService({
      platformRoot: hw.root,
      configToml: readerServiceConfig({ readers: { autoDetect: true }, root, emulator: { id: "TagEmu", script: emu.script, extensions: [".md"] } }),
      app: { clock },
    });
    client = await svc.connect();
    expect(await listed()).toEqual([]);

    const path = hw.plug(PN532, line.devicePath);
    await clock.advance(HOTPLUG_POLL_MS); // the hot-plug look only: the 1 s pass is not due
    await waitFor(() => count("readers.added") === 1, "readers.added", 20_000);
    expect(client.notifications.find((n) => n.method === "readers.added")?.params).toEqual({ connected: true, driver: "pn532", path });
    expect((await listed()).map((r) => r.id)).toEqual([path]);

    hw.unplug(PN532.name); // the pty still answers: only the unplug news can drop the reader
    await clock.advance(HOTPLUG_POLL_MS);
    await waitFor(() => count("readers.removed") === 1, "readers.removed");
    expect(client.notifications.find((n) => n.method === "readers.removed")?.params).toEqual({ connected: false, driver: "pn532", path });
    expect(await listed()).toEqual([]);

    for (let i = 0; i < 4; i++) await clock.advance(1000); // passes and looks: nothing more to say
    expect([count("readers.added"), count("readers.removed")]).toEqual([1, 1]);

    hw.plug(PN532, line.devicePath);
    await clock.advance(HOTPLUG_POLL_MS);
    await waitFor(() => count("readers.added") === 2, "readers.added after the replug", 20_000);
    for (let i = 0; i < 3; i++) await clock.advance(1000);
    expect([count("readers.added"), count("readers.removed")]).toEqual([2, 1]);
  });
});

const canUnshare = spawnSync("unshare", ["-rn", "true"]).status === 0;

describe("kernel uevents through the runtime's netlink socket", () => {
  test.skipIf(!canUnshare)("a tty coming and going is heard as an add and a remove of its /dev node, udev's repeat too; other devices are not", () => {
    const child = spawnSync("unshare", ["-rn", process.execPath, join(import.meta.dir, "../../fixtures/uevent-child.ts")], { encoding: "utf8", timeout: 20_000 });
    expect(child.status).toBe(0);
    const out = JSON.parse(child.stdout.trim().split("\n").at(-1)!);
    expect(out.mode).toBe("uevent");
    const changes = out.seen as Array<{ action: string; path: string; via: string }>;
    expect(changes.at(-1)).toEqual({ action: "add", path: "/dev/ttyACM2", via: "uevent" }); // from udev's group
    const kernel = changes.slice(0, -1);
    expect(kernel.every((c) => c.path === "/dev/ttyUSB7" && c.via === "uevent")).toBe(true);
    expect(kernel.at(-1)).toEqual({ action: "remove", path: "/dev/ttyUSB7", via: "uevent" });
    expect(kernel.filter((c) => c.action === "remove").length).toBe(1);
  });

  test.skipIf(!canUnshare)("a burst the socket cannot hold is a rescan (what was missed is looked up again), and later events are still heard", () => {
    const child = spawnSync("unshare", ["-rn", process.execPath, join(import.meta.dir, "../../fixtures/uevent-child.ts"), "--flood"], { encoding: "utf8", timeout: 30_000 });
    expect(child.status).toBe(0);
    const out = JSON.parse(child.stdout.trim().split("\n").at(-1)!);
    const changes = out.seen as Array<{ action: string; path: string; via: string }>;
    const lastTty = changes.findLastIndex((c) => c.path === "/dev/ttyUSB9");
    expect(changes.slice(0, lastTty).some((c) => c.action === "rescan" && c.via === "uevent")).toBe(true);
    expect(changes[lastTty]).toEqual({ action: "add", path: "/dev/ttyUSB9", via: "uevent" });
  });
});
