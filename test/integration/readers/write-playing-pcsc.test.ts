/**
 * Write what is playing (`readers.write.playing`) and the `**write:` writer card, end to end against a private
 * real pcscd with the vsmartcard vpcd virtual reader and virtual NTAG215 cards; a real launcher process starts
 * the media. The service runs on a manual clock, so the 30 s / 60 s waits for a tag pass when the test says so.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { join } from "node:path";
import type { Token } from "../../../src/core/wire/index.ts";
import { ManualClock, settle } from "../../fakes/clock.ts";
import { waitFor, writeEmulator, writeFiles } from "../../fixtures/launch-env.ts";
import { TestPcscd, usePrivatePcscd } from "../../fixtures/pcscd.ts";
import { readerServiceConfig } from "../../fixtures/reader-service-config.ts";
import type { RpcClient } from "../../fixtures/rpc-client.ts";
import { startService, tempDir, type TestService } from "../../fixtures/service.ts";
import { VirtualNtag } from "../../fixtures/virtual-ntag.ts";
import { tagText } from "../../fixtures/tag-text.ts";

const pcscd = new TestPcscd();
const clock = new ManualClock(Date.now());
let root: string;
let svc: TestService;
let client: RpcClient;


async function next<T>(method: string, pred: (p: T) => boolean = () => true): Promise<T> {
  const from = client.notifications.length;
  const hit = await waitFor(() => client.notifications.slice(from).find((n) => n.method === method && pred(n.params as T)), method, 20_000);
  return hit.params as T;
}

async function insert(card: VirtualNtag): Promise<Token> {
  const added = next<Token>("tokens.added", (p) => p.uid === card.uidHex);
  await card.insert(pcscd.port);
  return added;
}

async function remove(card: VirtualNtag): Promise<void> {
  const removed = next("tokens.removed");
  await card.remove();
  await removed;
}

/** Lets a request reach the service and start waiting. */
async function reachService(): Promise<void> {
  await client.call("version");
  await settle();
}

const launchingCount = () => client.notifications.filter((n) => n.method === "launching").length;

beforeAll(async () => {
  usePrivatePcscd();
  await pcscd.start();
  root = tempDir("tapserve-write-playing-");
  writeFiles(root, ["roms/SNES/Zelda.sfc", "roms/SNES/Kept.sfc"]);
  const emu = writeEmulator(join(root, "emu"));
  svc = await startService({
    configToml: readerServiceConfig({ root, emulator: { id: "NfcEmu", script: emu.script, extensions: [".sfc"], systems: ["SNES"] } }),
    app: { clock },
  });
  client = await svc.connect();
  await waitFor(async () => (await client.call<{ readers: Array<{ driver: string; connected: boolean }> }>("readers")).readers.find((r) => r.driver === "pcsc" && r.connected), "the virtual reader");
});

afterAll(async () => {
  await client?.call("stop").catch(() => {});
  await svc?.stop();
  await pcscd.dispose();
  rmSync(root, { recursive: true, force: true });
});

describe("write what is playing (PC/SC)", () => {
  test("nothing playing: refused at once with reason no-media", async () => {
    const r = await client.request("readers.write.playing");
    expect(r.error).toMatchObject({ data: { reason: "no-media" } });
    expect(r.error?.message).toContain("nothing is playing");
  });

  test("the launch script of the running game goes to the next card presented, read back; that card does not launch", async () => {
    const started = next<{ mediaName: string }>("media.started", (p) => p.mediaName === "Zelda");
    await client.call("launch", { text: "SNES/Zelda.sfc" });
    await started;
    const pending = client.request("readers.write.playing");
    await reachService();
    const launching = launchingCount();
    const blank = new VirtualNtag(Uint8Array.of(0x04, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06));
    await insert(blank);
    const r = await pending;
    expect(r.error).toBeUndefined();
    expect(r.result).toMatchObject({ text: "SNES/Zelda.sfc", readerId: expect.stringMatching(/^pcsc-/) });
    expect(tagText(blank)).toBe("SNES/Zelda.sfc");
    await reachService();
    expect(launchingCount()).toBe(launching);
    await remove(blank);
  });

  test("no card within 30 s: fails with no-tag; readers.write.cancel ends the wait as cancelled and writes nothing", async () => {
    const late = client.request("readers.write.playing");
    await reachService();
    await clock.advance(30_000);
    expect((await late).error).toMatchObject({ code: 1003, data: { reason: "no-tag" } });

    const card = new VirtualNtag(Uint8Array.of(0x04, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f)).setText("SNES/Kept.sfc");
    const cancelled = client.request("readers.write.playing");
    await reachService();
    expect(await client.call("readers.write.cancel")).toBeNull();
    expect((await cancelled).error).toMatchObject({ code: 1004, data: { reason: "cancelled" } });
    const started = next<{ mediaName: string }>("media.started", (p) => p.mediaName === "Kept");
    await insert(card); // launched as usual, not written
    await started;
    expect(tagText(card)).toBe("SNES/Kept.sfc");
    await remove(card);
  });
});

describe("**write: writer card (PC/SC)", () => {
  const writer = new VirtualNtag(Uint8Array.of(0x04, 0x77, 0x77, 0x77, 0x77, 0x77, 0x77)).setText("**write:SNES/Kept.sfc");
  const target = new VirtualNtag(Uint8Array.of(0x04, 0x88, 0x88, 0x88, 0x88, 0x88, 0x88)).setText("old text");

  test("the writer card arms; the writer card again is ignored; the next card is written, not launched", async () => {
    await insert(writer);
    const entry = await waitFor(async () => (await client.call<{ entries: Array<{ uid: string; success: boolean }> }>("tokens.history")).entries.find((e) => e.uid === writer.uidHex), "the writer card's history entry");
    expect(entry.success).toBe(true);
    await remove(writer);
    const launching = launchingCount();
    await insert(writer); // the writer card itself again: neither written nor launched
    await reachService();
    expect(launchingCount()).toBe(launching);
    await remove(writer);
    await insert(target);
    await waitFor(() => tagText(target) === "SNES/Kept.sfc", "the target card written");
    await reachService();
    expect(launchingCount()).toBe(launching);
    expect(tagText(writer)).toBe("**write:SNES/Kept.sfc");
    await remove(target);
  });

  test("an armed writer card waits one minute, then the next card launches as usual", async () => {
    await insert(writer);
    await waitFor(async () => (await client.call<{ entries: Array<{ uid: string }> }>("tokens.history")).entries.filter((e) => e.uid === writer.uidHex).length === 2, "the second arming");
    await remove(writer);
    await clock.advance(60_000);
    const card = new VirtualNtag(Uint8Array.of(0x04, 0x99, 0x99, 0x99, 0x99, 0x99, 0x99)).setText("SNES/Zelda.sfc");
    const launching = next<{ text: string }>("launching", (p) => p.text === "SNES/Zelda.sfc");
    await insert(card);
    await launching;
    expect(tagText(card)).toBe("SNES/Zelda.sfc");
    await remove(card);
  });

  test("readers.write.cancel disarms a writer card", async () => {
    await insert(writer);
    await waitFor(async () => (await client.call<{ entries: Array<{ uid: string }> }>("tokens.history")).entries.filter((e) => e.uid === writer.uidHex).length === 3, "the third arming");
    await remove(writer);
    expect(await client.call("readers.write.cancel")).toBeNull();
    const card = new VirtualNtag(Uint8Array.of(0x04, 0xaa, 0xaa, 0xaa, 0xaa, 0xaa, 0xaa)).setText("SNES/Zelda.sfc");
    const launching = next<{ text: string }>("launching", (p) => p.text === "SNES/Zelda.sfc");
    await insert(card);
    await launching;
    expect(tagText(card)).toBe("SNES/Zelda.sfc");
    await remove(card);
  });
});
