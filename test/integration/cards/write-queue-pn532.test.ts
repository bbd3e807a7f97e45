/**
 * The card write queue through a PN532 (issue 42: every reader that can write): the simulated chip on an
 * in-memory serial port behind a device node a fake sysfs root describes as a CH340 adapter, found by
 * auto-detection. A blank tag gets the next game, read back and verified; a tag with data asks first; a tag that
 * leaves the field mid-write leaves no half message and is written when placed again.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { join } from "node:path";
import type { CardQueueChanged, CardQueueStatus } from "../../../src/core/wire/index.ts";
import { bunRuntime } from "../../../src/runtime/bun/index.ts";
import { ManualClock } from "../../fakes/clock.ts";
import { FakeSerialDevice, fakeSerialRuntime } from "../../fakes/serial-port.ts";
import { FakeHardware, type UsbSerialSpec } from "../../fixtures/fake-sysfs.ts";
import { waitFor, writeEmulator, writeFiles } from "../../fixtures/launch-env.ts";
import { Pn532Sim } from "../../fixtures/pn532-sim.ts";
import { Ntag215 } from "../../fixtures/pn532-tags.ts";
import { readerServiceConfig } from "../../fixtures/reader-service-config.ts";
import type { RpcClient } from "../../fixtures/rpc-client.ts";
import { startService, tempDir, type TestService } from "../../fixtures/service.ts";
import { tagText as textOnTag } from "../../fixtures/tag-text.ts";

const PN532: UsbSerialSpec = { name: "ttyUSB0", vid: "1A86", pid: "7523", product: "USB Serial", topology: "1-2.3.1" };

let root: string;
let hw: FakeHardware;
let svc: TestService;
let client: RpcClient;
const clock = new ManualClock(Date.now());
const ports = new Map<string, FakeSerialDevice>();
const sim = new Pn532Sim();

/** The tag's text; null for a blank one (no message, or an empty one). */
const tagText = (tag: Ntag215) => textOnTag(tag) || null;
const uid = (last: number) => Uint8Array.of(0x04, 0x10, 0x20, 0x30, 0x40, 0x50, last);

async function next<T>(method: string, pred: (p: T) => boolean = () => true): Promise<T> {
  const from = client.notifications.length;
  const hit = await waitFor(() => client.notifications.slice(from).find((n) => n.method === method && pred(n.params as T)), method, 20_000);
  return hit.params as T;
}
const queueWhen = (pred: (s: CardQueueChanged) => boolean) => next<CardQueueChanged>("cards.queue.changed", pred);

async function lift(): Promise<void> {
  const removed = next("tokens.removed");
  sim.remove();
  await removed;
}

beforeAll(async () => {
  root = tempDir("tapserve-cards-pn532-");
  writeFiles(root, ["roms/Genesis/Sonic.md", "roms/Genesis/Streets.md", "roms/Genesis/Columns.md"]);
  const emu = writeEmulator(join(root, "emu"));
  hw = new FakeHardware(join(root, "hw"));
  svc = await startService({
    platformRoot: hw.root,
    configToml: readerServiceConfig({ readers: { autoDetect: true }, root, emulator: { id: "TagEmu", script: emu.script, extensions: [".md"] } }),
    app: { runtime: fakeSerialRuntime(bunRuntime, ports), clock },
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
  expect(await client.call("media.index")).toBeNull();
  const { id } = await client.call<{ id: number }>("cards.sets.create", { name: "Genesis", scriptKind: "path" });
  await client.call("cards.set.add", { id, items: ["Genesis/Sonic.md", "Genesis/Streets.md", "Genesis/Columns.md"].map((path) => ({ system: "Genesis", path })) });
  await client.call("cards.queue.start", { setId: id });
});

afterAll(async () => {
  await client?.call("stop").catch(() => {});
  await svc?.stop();
  await sim.detach();
  rmSync(root, { recursive: true, force: true });
});

describe("card write queue (PN532)", () => {
  test("a blank tag gets the next game, verified; a tag with data asks first and is written once confirmed", async () => {
    const launching = client.notifications.filter((n) => n.method === "launching").length;
    const blank = new Ntag215(uid(1));
    const written = queueWhen((s) => s.written === 1);
    sim.place(blank);
    expect((await written).entry).toMatchObject({ index: 0, status: "written", uid: "04102030405001" });
    expect(tagText(blank)).toBe("Genesis/Sonic.md");
    await lift();
    const used = Ntag215.withText("old text", uid(2));
    const asked = queueWhen((s) => s.phase === "confirm");
    sim.place(used);
    expect((await asked).confirm?.text).toBe("old text");
    expect(tagText(used)).toBe("old text");
    expect(await client.call<CardQueueStatus>("cards.queue.confirm", { overwrite: true })).toMatchObject({ written: 2, next: 2 });
    expect(tagText(used)).toBe("Genesis/Streets.md");
    await lift();
    expect(client.notifications.filter((n) => n.method === "launching").length).toBe(launching);
  });

  test("a tag leaving the field mid-write: failure reported, no half message, written when placed again", async () => {
    const tag = new Ntag215(uid(3));
    tag.failAfterWrites = 2;
    tag.onVanish = () => sim.remove();
    const failed = queueWhen((s) => s.phase === "failed");
    sim.place(tag);
    expect((await failed).error).toContain("Columns");
    expect(tagText(tag)).toBeNull();
    tag.failAfterWrites = null;
    tag.onVanish = null;
    await waitFor(async () => !(await client.call<{ active: unknown[] }>("tokens")).active?.length, "the tag gone");
    const done = queueWhen((s) => s.state === "done");
    sim.place(tag);
    expect((await done).written).toBe(3);
    expect(tagText(tag)).toBe("Genesis/Columns.md");
  });
});
