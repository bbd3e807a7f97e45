/**
 * Write what is playing (`readers.write.playing`) and the `**write:` writer card through a PN532: the simulated
 * chip on an in-memory serial port behind a device node a fake sysfs root describes as a CH340 adapter, found by
 * auto-detection; a real launcher process starts the media. The service runs on a manual clock, so the waits
 * for a tag pass when the test says so.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { feedbackSound } from "../../../src/core/audio/feedback-sounds.ts";
import { bunRuntime } from "../../../src/runtime/bun/index.ts";
import { ManualClock, settle } from "../../fakes/clock.ts";
import { FakeSerialDevice, fakeSerialRuntime } from "../../fakes/serial-port.ts";
import { FakeHardware, type UsbSerialSpec } from "../../fixtures/fake-sysfs.ts";
import { waitFor, writeEmulator, writeFiles } from "../../fixtures/launch-env.ts";
import { Pn532Sim } from "../../fixtures/pn532-sim.ts";
import { Ntag215 } from "../../fixtures/pn532-tags.ts";
import { readerServiceConfig } from "../../fixtures/reader-service-config.ts";
import type { RpcClient } from "../../fixtures/rpc-client.ts";
import { startService, tempDir, type TestService } from "../../fixtures/service.ts";
import { tagText } from "../../fixtures/tag-text.ts";

const PN532: UsbSerialSpec = { name: "ttyUSB0", vid: "1A86", pid: "7523", product: "USB Serial", topology: "1-2.3.1" };

let root: string;
let hw: FakeHardware;
let svc: TestService;
let client: RpcClient;
const clock = new ManualClock(Date.now());
const ports = new Map<string, FakeSerialDevice>();
const sim = new Pn532Sim();
/** Feedback sounds, as the speaker would get them (the player is the seam). */
const sounds: string[] = [];
const soundName = (wav: Uint8Array) => (["success", "fail"] as const).find((k) => Buffer.from(feedbackSound(k)).equals(Buffer.from(wav))) ?? "other";


async function next<T>(method: string, pred: (p: T) => boolean = () => true): Promise<T> {
  const from = client.notifications.length;
  const hit = await waitFor(() => client.notifications.slice(from).find((n) => n.method === method && pred(n.params as T)), method, 20_000);
  return hit.params as T;
}

async function place(tag: Ntag215): Promise<void> {
  const added = next<{ uid: string }>("tokens.added");
  sim.place(tag);
  await added;
}

async function lift(): Promise<void> {
  const removed = next("tokens.removed");
  sim.remove();
  await removed;
}

async function reachService(): Promise<void> {
  await client.call("version");
  await settle();
}

const launchingCount = () => client.notifications.filter((n) => n.method === "launching").length;
const uid = (last: number) => Uint8Array.of(0x04, 0x10, 0x20, 0x30, 0x40, 0x50, last);

beforeAll(async () => {
  root = tempDir("tapserve-write-pn532-");
  writeFiles(root, ["roms/Genesis/Sonic.md", "roms/Genesis/Streets.md"]);
  const emu = writeEmulator(join(root, "emu"));
  hw = new FakeHardware(join(root, "hw"));
  svc = await startService({
    platformRoot: hw.root,
    configToml: readerServiceConfig({ readers: { autoDetect: true }, root, emulator: { id: "TagEmu", script: emu.script, extensions: [".md"] } }),
    app: { runtime: fakeSerialRuntime(bunRuntime, ports), clock, soundPlayer: { play: (wav) => void sounds.push(soundName(wav)) } },
  });
  client = await svc.connect();
  const device = new FakeSerialDevice({ node: join(root, "nodes", PN532.name), char: { major: 188, minor: 0 }, unplugged: true });
  ports.set(hw.devPath(PN532.name), device);
  device.plug();
  await sim.attach(device.deviceEnd());
  const added = next<{ driver: string }>("readers.added", (p) => p.driver === "pn532");
  hw.plug(PN532, join(root, "nodes", PN532.name));
  await clock.advance(1000);
  await added;
});

afterAll(async () => {
  await client?.call("stop").catch(() => {});
  await svc?.stop();
  await sim.detach();
  rmSync(root, { recursive: true, force: true });
});

describe("write what is playing (PN532)", () => {
  test("the running game's launch script goes to the next tag placed, verified; that tag does not launch", async () => {
    const started = next<{ mediaName: string }>("media.started", (p) => p.mediaName === "Sonic");
    await client.call("launch", { text: "Genesis/Sonic.md" });
    await started;
    const pending = client.request("readers.write.playing");
    await reachService();
    const launching = launchingCount();
    const tag = Ntag215.withText("old text", uid(1));
    await place(tag);
    const r = await pending;
    expect(r.error).toBeUndefined();
    expect(r.result).toEqual({ text: "Genesis/Sonic.md", readerId: "pn532-ujqixjv6" });
    expect(tagText(tag)).toBe("Genesis/Sonic.md");
    await reachService();
    expect(launchingCount()).toBe(launching);
    await lift();
  });

  test("a wait of 30 s with no tag fails with no-tag; readers.write.cancel ends it as cancelled", async () => {
    const late = client.request("readers.write.playing");
    await reachService();
    await clock.advance(30_000);
    expect((await late).error).toMatchObject({ code: 1003, data: { reason: "no-tag" } });
    const cancelled = client.request("readers.write.playing");
    await reachService();
    expect(await client.call("readers.write.cancel")).toBeNull();
    expect((await cancelled).error).toMatchObject({ code: 1004, data: { reason: "cancelled" } });
    const tag = Ntag215.withText("Genesis/Streets.md", uid(2));
    const started = next<{ mediaName: string }>("media.started", (p) => p.mediaName === "Streets"); // launched, not only launching
    await place(tag);
    await started;
    expect(tagText(tag)).toBe("Genesis/Streets.md");
    await lift();
  });
});

describe("**write: writer card (PN532)", () => {
  test("with an expression: the next tag gets the playing media's path; the writer card again is ignored", async () => {
    sounds.length = 0;
    const writer = Ntag215.withText("**write:[[active_media.path]]", uid(3));
    const playing = await client.call<{ mediaPath: string }>("media.active");
    expect(playing.mediaPath).toBe(join(root, "roms/Genesis/Streets.md"));
    await place(writer);
    await waitFor(async () => (await client.call<{ entries: Array<{ uid: string; success: boolean }> }>("tokens.history")).entries.find((e) => e.uid === "04102030405003"), "the writer card's history entry");
    await lift();
    const launching = launchingCount();
    await place(writer);
    await reachService();
    expect(launchingCount()).toBe(launching);
    await lift();
    const blank = new Ntag215(uid(4));
    await place(blank);
    await waitFor(() => tagText(blank) === playing.mediaPath, "the blank tag written");
    await waitFor(() => sounds.length === 2, "the written sound");
    expect(sounds).toEqual(["success", "success"]); // armed, then written
    await reachService();
    expect(launchingCount()).toBe(launching);
    expect(tagText(writer)).toBe("**write:[[active_media.path]]");
    await lift();
  });

  test("an armed writer card is disarmed by readers.write.cancel and expires after a minute", async () => {
    const writer = Ntag215.withText("**write:Genesis/Sonic.md", uid(5));
    for (const end of ["cancel", "expire"] as const) {
      const armed = client.notifications.filter((n) => n.method === "tokens.added").length;
      await place(writer);
      await waitFor(async () => (await client.call<{ entries: Array<{ uid: string }> }>("tokens.history")).entries.filter((e) => e.uid === "04102030405005").length === (end === "cancel" ? 1 : 2), `arming before ${end}`);
      expect(client.notifications.filter((n) => n.method === "tokens.added").length).toBe(armed + 1);
      await lift();
      if (end === "cancel") expect(await client.call("readers.write.cancel")).toBeNull();
      else await clock.advance(60_000);
      await waitFor(() => sounds.at(-1) === "fail", `the fail sound (${end})`);
      const tag = Ntag215.withText("Genesis/Streets.md", uid(end === "cancel" ? 6 : 7));
      const launching = next<{ text: string }>("launching", (p) => p.text === "Genesis/Streets.md");
      await place(tag);
      await launching;
      expect(tagText(tag)).toBe("Genesis/Streets.md");
      await lift();
    }
  });

  test("**write: must be the only command, with one argument: otherwise the script fails and nothing is armed", async () => {
    for (const text of ["**write:Genesis/Sonic.md||**echo:hi", "**write:a?launcher=TagEmu"]) {
      await client.call("launch", { text });
      const entry = await waitFor(async () => (await client.call<{ entries: Array<{ text: string; success: boolean; trace?: { reason?: string } }> }>("tokens.history")).entries.find((e) => e.text === text), `the history entry of ${text}`);
      expect(entry.success).toBe(false);
    }
    const tag = Ntag215.withText("Genesis/Streets.md", uid(8));
    const launching = next<{ text: string }>("launching", (p) => p.text === "Genesis/Streets.md");
    await place(tag);
    await launching;
    expect(tagText(tag)).toBe("Genesis/Streets.md");
    await lift();
  });
});
