/**
 * PC/SC end to end: a private real pcscd with the vsmartcard vpcd virtual reader, a virtual NTAG215 card from
 * test/fixtures, the real service in-process, a real launcher process started through a mapping. The service
 * runs on a manual clock: insert mode's exit delay and the driver's pause before reaching pcscd again pass when
 * the test moves time on.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { buildMessage, textRecord } from "../../../src/core/ndef/index.ts";
import { ManualClock } from "../../fakes/clock.ts";
import { isAlive, waitFor, writeEmulator, writeFiles } from "../../fixtures/launch-env.ts";
import { TestPcscd, usePrivatePcscd } from "../../fixtures/pcscd.ts";
import type { RpcClient } from "../../fixtures/rpc-client.ts";
import { startService, tempDir, type TestService } from "../../fixtures/service.ts";
import { VirtualNtag } from "../../fixtures/virtual-ntag.ts";
import { readerServiceConfig } from "../../fixtures/reader-service-config.ts";
import { tagText } from "../../fixtures/tag-text.ts";
import type { ReaderInfo, Token } from "../../../src/core/wire/index.ts";

const READER = "Virtual PCD 00 00";
const pcscd = new TestPcscd();
const clock = new ManualClock(Date.now());
let root: string;
let svc: TestService;
let client: RpcClient;
let emu: { script: string; record: string };

const readers = async () => (await client.call<{ readers: ReaderInfo[] }>("readers")).readers;
const virtualReader = () => waitFor(async () => (await readers()).find((r) => r.id === READER), "the virtual PC/SC reader");

/** The first notification `method` that arrives from now on (earlier ones are ignored). */
async function next<T>(method: string, pred: (p: T) => boolean = () => true): Promise<T> {
  const from = client.notifications.length;
  const hit = await waitFor(() => client.notifications.slice(from).find((n) => n.method === method && pred(n.params as T)), method);
  return hit.params as T;
}

/** Inserts the card and resolves with the tokens.added it causes. */
async function insert(card: VirtualNtag): Promise<Token> {
  const added = next<Token>("tokens.added", (p) => p.uid === card.uidHex);
  await card.insert(pcscd.port);
  return added;
}

/** Moves the clock on a second at a time (the driver's pause between attempts to reach pcscd) until `p` settles. */
async function withTimePassing<T>(p: Promise<T>, what: string): Promise<T> {
  let settled = false;
  const result = p.finally(() => (settled = true));
  await waitFor(async () => settled || void (await clock.advance(1000)), what, 20_000);
  return result;
}

async function remove(card: VirtualNtag): Promise<void> {
  const removed = next("tokens.removed");
  await card.remove();
  await removed;
}

beforeAll(async () => {
  usePrivatePcscd();
  await pcscd.start();
  root = tempDir("tapserve-pcsc-");
  writeFiles(root, ["roms/SNES/Zelda.sfc", "roms/SNES/Kept.sfc"]);
  emu = writeEmulator(join(root, "emu"));
  svc = await startService({
    configToml: readerServiceConfig({
      root,
      emulator: { id: "NfcEmu", script: emu.script, extensions: [".sfc"], systems: ["SNES"] },
    }),
    app: { clock, writeTagWaitMs: 0 }, // a write with no tag fails at once here (waiting for one: readers-write-cancel.test.ts)
  });
  client = await svc.connect();
});

afterAll(async () => {
  await svc?.stop();
  await pcscd.dispose();
  rmSync(root, { recursive: true, force: true });
});

describe("PC/SC reader through pcscd", () => {
  test("readers lists the virtual reader with a stable id and the write capability", async () => {
    const r = await virtualReader();
    expect(r).toMatchObject({ driver: "pcsc", connected: true, capabilities: ["write", "removable"] });
    expect(r.readerId).toMatch(/^pcsc-[a-z2-7]{8}$/);
    expect(r.info).toContain(READER);
  });

  test("a tag's UID and text arrive in tokens.added; a UID mapping launches a real process", async () => {
    const card = new VirtualNtag(Uint8Array.of(0x04, 0xa1, 0xb2, 0xc3, 0xd4, 0xe5, 0xf6)).setText("text the mapping overrides");
    expect(await client.call("mappings.new", { enabled: true, type: "uid", match: "exact", pattern: "04:A1:B2:C3:D4:E5:F6", override: "SNES/Zelda.sfc" })).toMatchObject({ id: expect.any(Number) });
    rmSync(emu.record, { force: true });
    const started = next<{ mediaName: string }>("media.started", (p) => p.mediaName === "Zelda");
    const token = await insert(card);
    const reader = await virtualReader();
    expect(token).toMatchObject({ type: "ntag215", uid: "04a1b2c3d4e5f6", text: "text the mapping overrides", readerId: reader.readerId });
    expect(token.data).toBe(Buffer.from(buildMessage([textRecord("text the mapping overrides")])).toString("hex"));
    expect(Number.isNaN(Date.parse(token.scanTime))).toBe(false);
    await started;
    const launched = await waitFor(() => existsSync(emu.record) && readFileSync(emu.record, "utf8").split("\n"), "the launcher's record");
    expect(launched[1]).toBe(join(root, "roms/SNES/Zelda.sfc"));
    expect(isAlive(Number(launched[0]))).toBe(true);

    const tokens = await client.call<{ active: Token[]; last?: Token }>("tokens");
    expect(tokens.active).toEqual([token]);
    expect(tokens.last).toMatchObject({ uid: token.uid });

    await remove(card);
    const after = await client.call<{ active: Token[]; last?: Token }>("tokens");
    expect(after.active).toEqual([]);
    expect(after.last?.uid).toBe(token.uid);
    // Tap mode: removing the tag leaves the game running.
    expect(await client.call("media.active")).toMatchObject({ mediaName: "Zelda" });
    expect(isAlive(Number(launched[0]))).toBe(true);
    await client.call("stop");
  });

  test("readers.write writes a Text record page by page, verifies it, and the next insertion reads it", async () => {
    const card = new VirtualNtag(Uint8Array.of(0x04, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06)).setText("old");
    await insert(card);
    card.apdus.length = 0;
    expect(await client.call("readers.write", { text: "SNES/Kept.sfc" })).toBeNull();
    expect(tagText(card)).toBe("SNES/Kept.sfc");
    const writes = card.apdus.filter((a) => a.startsWith("ffd6"));
    expect(writes[0]).toBe("ffd6000404" + "0300fe00"); // page 4 blanked first …
    expect(writes.at(-1)!.slice(0, 10)).toBe("ffd6000404"); // … and written last
    expect(card.apdus.at(-1)!.startsWith("ffb0")).toBe(true); // read back
    await remove(card);
    const again = await insert(card);
    expect(again.text).toBe("SNES/Kept.sfc");
    await remove(card);
    await client.call("stop");
  });

  test("write errors are clear: no tag, text too large, unknown reader, write cut off", async () => {
    const noTag = await client.request("readers.write", { text: "x" });
    expect(noTag.error).toMatchObject({ code: 1003, data: { reason: "no-tag" } });
    expect(noTag.error!.message).toContain("no tag");

    const unknown = await client.request("readers.write", { text: "x", readerId: "pcsc-aaaaaaaa" });
    expect(unknown.error).toMatchObject({ code: 1001 });

    const card = new VirtualNtag(Uint8Array.of(0x04, 0x0e, 0x0e, 0x0e, 0x0e, 0x0e, 0x0e)).setText("keep me");
    await insert(card);
    const tooLarge = await client.request("readers.write", { text: "y".repeat(600), readerId: (await virtualReader()).readerId });
    expect(tooLarge.error).toMatchObject({ code: 1004, data: { reason: "too-large" } });
    expect(tooLarge.error!.message).toMatch(/too large.*holds 496/);
    expect(tagText(card)).toBe("keep me");

    card.failWritesFrom = 7; // the tag stops taking writes after three pages
    const cut = await client.request("readers.write", { text: "a text long enough to span several pages" });
    expect(cut.error).toMatchObject({ code: 1004, data: { reason: "failed" } });
    expect(cut.error!.message).toContain("page 7");
    expect(tagText(card)).toBe(""); // an empty message, never a truncated one
    await remove(card);
    card.failWritesFrom = null;
    expect((await insert(card)).text).toBe("");
    await remove(card);
  });

  test("pcscd restarting mid-run: the reader goes, comes back, and scans work again", async () => {
    const before = await virtualReader();
    const removed = next<{ driver: string; path: string; connected: boolean }>("readers.removed", (p) => p.path === READER);
    const added = next<{ driver: string; path: string; connected: boolean }>("readers.added", (p) => p.path === READER);
    await pcscd.restart();
    expect(await removed).toEqual({ connected: false, driver: "pcsc", path: READER });
    expect(await withTimePassing(added, "the reader back after the restart")).toEqual({ connected: true, driver: "pcsc", path: READER });
    expect((await virtualReader()).readerId).toBe(before.readerId);
    const card = new VirtualNtag(Uint8Array.of(0x04, 0x99, 0x88, 0x77, 0x66, 0x55, 0x44)).setText("after restart");
    const token = await waitFor(async () => {
      // vpcd may take a moment to listen again after pcscd restarts.
      try {
        return await insert(card);
      } catch {
        return undefined;
      }
    }, "a scan after the restart");
    expect(token.text).toBe("after restart");
    await remove(card);
  });

  test("a service started while pcscd is down finds the reader once pcscd comes up", async () => {
    // The first service sees pcscd go and come back too: wait for both, or a reader listed before it noticed
    // the stop would pass for the one after it, and its retry would then wait on a clock nobody moves.
    const gone = next("readers.removed", (p: { path: string }) => p.path === READER);
    const back = next("readers.added", (p: { path: string }) => p.path === READER);
    await pcscd.stop();
    const late = await startService({});
    try {
      const lateClient = await late.connect();
      expect((await lateClient.call<{ readers: ReaderInfo[] }>("readers")).readers).toEqual([]);
      await pcscd.start();
      const found = await waitFor(async () => (await lateClient.call<{ readers: ReaderInfo[] }>("readers")).readers.find((r) => r.id === READER), "the reader in the late service");
      expect(found).toMatchObject({ driver: "pcsc", connected: true });
      lateClient.close();
    } finally {
      await late.stop();
    }
    await gone;
    await withTimePassing(back, "the reader back in the first service"); // it retries on its own clock
    await virtualReader();
  });
});

describe("insert mode with a real launcher process", () => {
  test("removal stops the game after the exit delay", async () => {
    expect(await client.call("settings.update", { insertMode: true, insertModeExitDelay: 0.3, insertModeBlocklist: [] })).toBeNull();
    const card = new VirtualNtag(Uint8Array.of(0x04, 0x10, 0x20, 0x30, 0x40, 0x50, 0x60)).setText("SNES/Zelda.sfc");
    rmSync(emu.record, { force: true });
    await insert(card);
    const launched = await waitFor(() => existsSync(emu.record) && readFileSync(emu.record, "utf8").split("\n"), "the launcher's record");
    const pid = Number(launched[0]);
    expect(isAlive(pid)).toBe(true);
    const stopped = next<{ mediaName: string }>("media.stopped", (p) => p.mediaName === "Zelda");
    await remove(card);
    await clock.advance(299);
    expect(await client.call("media.active")).toMatchObject({ mediaName: "Zelda" }); // not yet
    await clock.advance(1);
    await stopped;
    await waitFor(() => !isAlive(pid), "the launcher process to end");
    expect(await client.call("media.active")).toBeNull();
  });

  test("putting the tag back within the delay cancels the stop and does not relaunch", async () => {
    expect(await client.call("settings.update", { insertMode: true, insertModeExitDelay: 1.5, insertModeBlocklist: [] })).toBeNull();
    const card = new VirtualNtag(Uint8Array.of(0x04, 0x11, 0x21, 0x31, 0x41, 0x51, 0x61)).setText("SNES/Kept.sfc");
    rmSync(emu.record, { force: true });
    await insert(card);
    const launched = await waitFor(() => existsSync(emu.record) && readFileSync(emu.record, "utf8").split("\n"), "the launcher's record");
    const pid = Number(launched[0]);
    const launches = () => client.notifications.filter((n) => n.method === "media.started").length;
    const startedBefore = launches();
    await remove(card);
    await insert(card);
    await clock.advance(2000); // past the exit delay
    expect(isAlive(pid)).toBe(true);
    expect(launches()).toBe(startedBefore);
    expect(await client.call("media.active")).toMatchObject({ mediaName: "Kept" });
    await remove(card);
    await clock.advance(1500);
    await waitFor(() => !isAlive(pid), "the launcher process to end after the final removal");
    expect(await client.call("settings.update", { insertMode: false })).toBeNull();
  });
});
