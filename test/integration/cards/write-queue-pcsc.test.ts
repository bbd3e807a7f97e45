/**
 * The card write queue (issue 42) end to end against a private real pcscd with the vsmartcard vpcd virtual
 * reader and virtual NTAG215 cards: a set of three games becomes a queue; blank cards inserted one after another
 * are each written, read back and verified (the card's own memory checked here), with `cards.queue.changed` in
 * order; a card holding data asks first; a card pulled off mid-write leaves no half message and is written when
 * put back; the service restarted mid-queue resumes at the next game. Nothing the queue claims launches.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { CardQueueChanged, CardQueueStatus, CardSetResult, Token } from "../../../src/core/wire/index.ts";
import { waitFor, writeEmulator, writeFiles } from "../../fixtures/launch-env.ts";
import { TestPcscd, usePrivatePcscd } from "../../fixtures/pcscd.ts";
import { readerServiceConfig } from "../../fixtures/reader-service-config.ts";
import type { RpcClient } from "../../fixtures/rpc-client.ts";
import { startService, tempDir, type TestService } from "../../fixtures/service.ts";
import { VirtualNtag } from "../../fixtures/virtual-ntag.ts";
import { tagText as textOnTag } from "../../fixtures/tag-text.ts";

const pcscd = new TestPcscd();
let root: string;
let config: string;
let svc: TestService;
let client: RpcClient;
let setId = 0;
let scripts: string[] = [];
let uidSeq = 0x10;

/** The tag's text; null for a blank one (no message, or an empty one). */
const tagText = (card: VirtualNtag) => textOnTag(card) || null;
const blankCard = () => new VirtualNtag(Uint8Array.of(0x04, 0x42, 0x42, 0x42, 0x42, 0x42, uidSeq++));
const queueEvents = (from: number) => client.notifications.slice(from).filter((n) => n.method === "cards.queue.changed").map((n) => n.params as CardQueueChanged);
const launchingCount = () => client.notifications.filter((n) => n.method === "launching").length;

async function next<T>(method: string, pred: (p: T) => boolean = () => true): Promise<T> {
  const from = client.notifications.length;
  const hit = await waitFor(() => client.notifications.slice(from).find((n) => n.method === method && pred(n.params as T)), method, 20_000);
  return hit.params as T;
}
const queueWhen = (pred: (s: CardQueueChanged) => boolean) => next<CardQueueChanged>("cards.queue.changed", pred);

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

async function connect(): Promise<void> {
  svc = await startService({ dataDir: join(root, "data"), keep: true, configToml: config });
  client = await svc.connect();
  await waitFor(async () => (await client.call<{ readers: Array<{ driver: string; connected: boolean }> }>("readers")).readers.find((r) => r.driver === "pcsc" && r.connected), "the virtual reader", 20_000);
}

beforeAll(async () => {
  usePrivatePcscd();
  await pcscd.start();
  root = tempDir("tapserve-cards-queue-");
  writeFiles(root, ["roms/SNES/Zelda.sfc", "roms/SNES/F-Zero (USA).sfc", "roms/SNES/Pilotwings (USA).sfc", "roms/SNES/Other.sfc"]);
  mkdirSync(join(root, "data"));
  const emu = writeEmulator(join(root, "emu"));
  config = readerServiceConfig({ root, emulator: { id: "NfcEmu", script: emu.script, extensions: [".sfc"], systems: ["SNES"] } });
  await connect();
  expect(await client.call("media.index")).toBeNull();
  setId = (await client.call<{ id: number }>("cards.sets.create", { name: "Three" })).id;
  const items = ["SNES/Zelda.sfc", "SNES/F-Zero (USA).sfc", "SNES/Pilotwings (USA).sfc"].map((path) => ({ system: "SNES", path }));
  await client.call("cards.set.add", { id: setId, items });
  scripts = (await client.call<CardSetResult>("cards.set", { id: setId })).items.map((i) => i.script);
  expect(scripts).toEqual(["@SNES/Zelda", "@SNES/F-Zero", "@SNES/Pilotwings"]);
}, 60_000);

afterAll(async () => {
  await client?.call("stop").catch(() => {});
  await svc?.stop();
  await pcscd.dispose();
  rmSync(root, { recursive: true, force: true });
});

describe("card write queue (PC/SC)", () => {
  test("three games, three blank cards one after another: each written, read back, verified; notifications in order; nothing launched", async () => {
    const from = client.notifications.length;
    const launching = launchingCount();
    const started = await client.call<CardQueueStatus>("cards.queue.start", { setId });
    expect(started).toMatchObject({ state: "running", phase: "waiting", total: 3, written: 0, next: 0, setName: "Three" });
    const cards = [blankCard(), blankCard(), blankCard()];
    for (const [i, card] of cards.entries()) {
      const written = queueWhen((s) => s.written === i + 1);
      await insert(card);
      const s = await written;
      expect(s.entry).toMatchObject({ index: i, status: "written", uid: card.uidHex, script: scripts[i] });
      expect("entries" in s).toBe(false); // a change tells the game it was about, not the whole list
      expect(tagText(card)).toBe(scripts[i]!); // what the card itself holds now
      await remove(card);
    }
    const events = queueEvents(from);
    // started, then per card: writing game i, written (i+1 written); the last one leaves the queue done
    expect(events.map((e) => `${e.state}/${e.phase}/${e.written}/${e.next ?? "-"}`)).toEqual([
      "running/waiting/0/0",
      "running/writing/0/0",
      "running/waiting/1/1",
      "running/writing/1/1",
      "running/waiting/2/2",
      "running/writing/2/2",
      "done/waiting/3/-",
    ]);
    expect(launchingCount()).toBe(launching);
    // with the queue done, a card launches as usual again
    const card = new VirtualNtag(Uint8Array.of(0x04, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01)).setText("SNES/Other.sfc");
    const launched = next<{ text: string }>("launching", (p) => p.text === "SNES/Other.sfc");
    await insert(card);
    await launched;
    await remove(card);
  });

  test("a card that holds data is not overwritten until confirmed; declined, it keeps its text", async () => {
    await client.call("cards.queue.start", { setId });
    const launching = launchingCount();
    const card = new VirtualNtag(Uint8Array.of(0x04, 0x02, 0x02, 0x02, 0x02, 0x02, 0x02)).setText("SNES/Other.sfc");
    const asked = queueWhen((s) => s.phase === "confirm");
    await insert(card);
    expect((await asked).confirm).toMatchObject({ uid: card.uidHex, text: "SNES/Other.sfc" });
    expect(tagText(card)).toBe("SNES/Other.sfc");
    const declined = await client.call<CardQueueStatus>("cards.queue.confirm", { overwrite: false });
    expect(declined).toMatchObject({ phase: "waiting", written: 0, next: 0 });
    expect(tagText(card)).toBe("SNES/Other.sfc");
    await remove(card);
    // put back: asked again; confirmed: written and verified
    const again = queueWhen((s) => s.phase === "confirm");
    await insert(card);
    await again;
    const done = await client.call<CardQueueStatus>("cards.queue.confirm", { overwrite: true });
    expect(done).toMatchObject({ phase: "waiting", written: 1, next: 1 });
    expect(tagText(card)).toBe(scripts[0]!);
    await remove(card);
    expect(launchingCount()).toBe(launching);
    // nothing to confirm now
    expect((await client.request("cards.queue.confirm", { overwrite: true })).error).toMatchObject({ code: 1003, data: { reason: "nothing-to-confirm" } });
  });

  test("a card pulled off mid-write: the failure is reported, no half message is left, and put back it is written", async () => {
    const card = blankCard();
    let pulled = false;
    card.onApdu = (apdu) => {
      const page = (apdu[2]! << 8) | apdu[3]!;
      if (!pulled && apdu[1] === 0xd6 && page >= 6) {
        pulled = true;
        void card.remove(); // the card leaves the field between two page writes
      }
    };
    const failed = queueWhen((s) => s.phase === "failed");
    const removed = next("tokens.removed");
    await card.insert(pcscd.port);
    const s = await failed;
    await removed;
    expect(pulled).toBe(true);
    expect(s).toMatchObject({ state: "running", written: 1, next: 1 });
    expect(s.error).toContain("F-Zero");
    expect(tagText(card)).toBeNull(); // page 4 is written last: the cut-short write left the card empty
    card.onApdu = null;
    const written = queueWhen((x) => x.written === 2);
    await insert(card);
    expect((await written).entry).toMatchObject({ index: 1, status: "written", uid: card.uidHex });
    expect(tagText(card)).toBe(scripts[1]!);
    await remove(card);
  });

  test("skip and retry: a skipped game is left out; retry with an index writes it next", async () => {
    const skipped = await client.call<CardQueueStatus>("cards.queue.skip");
    expect(skipped).toMatchObject({ state: "done", skipped: 1, written: 2 });
    const back = await client.call<CardQueueStatus>("cards.queue.retry", { index: 2 });
    expect(back).toMatchObject({ state: "running", next: 2 });
  });

  test("a restart resumes at the next game", async () => {
    const stopped = await client.call<CardQueueStatus>("cards.queue.retry", { index: 1 }); // F-Zero again, before Pilotwings
    expect(stopped.next).toBe(1);
    await client.call("stop").catch(() => {});
    await svc.stop();
    await connect();
    const status = await client.call<CardQueueStatus>("cards.queue");
    expect(status).toMatchObject({ state: "running", phase: "waiting", next: 1, written: 1, setName: "Three" });
    const card = blankCard();
    const written = queueWhen((s) => s.entry?.index === 1 && s.entry.status === "written");
    await insert(card);
    await written;
    expect(tagText(card)).toBe(scripts[1]!);
    await remove(card);
    const last = blankCard();
    const done = queueWhen((s) => s.state === "done");
    await insert(last);
    expect((await done).written).toBe(3);
    expect(tagText(last)).toBe(scripts[2]!);
    await remove(last);
  });

  test("stopped, the queue claims nothing: a blank card is left alone and the phone app's readers.write works as before", async () => {
    await client.call("cards.queue.start", { setId });
    expect(await client.call<CardQueueStatus>("cards.queue.stop")).toMatchObject({ state: "stopped" });
    const card = blankCard();
    await insert(card);
    expect(await client.call("readers.write", { text: "SNES/Other.sfc" })).toBeNull();
    expect(tagText(card)).toBe("SNES/Other.sfc");
    await remove(card);
    expect(await client.call<CardQueueStatus>("cards.queue")).toMatchObject({ state: "stopped", written: 0 });
    expect(await client.call<CardQueueStatus>("cards.queue.resume")).toMatchObject({ state: "running", next: 0 });
  });

  test("while the queue runs, a readers.write waiting for a tag (the phone app's Write) still takes the next tag", async () => {
    expect(await client.call<CardQueueStatus>("cards.queue")).toMatchObject({ state: "running", next: 0 });
    const pending = client.request("readers.write", { text: "SNES/Other.sfc" });
    await client.call("version"); // the write is waiting for a tag now
    const card = blankCard();
    await insert(card);
    expect((await pending).error).toBeUndefined();
    expect(tagText(card)).toBe("SNES/Other.sfc");
    expect(await client.call<CardQueueStatus>("cards.queue")).toMatchObject({ state: "running", phase: "waiting", written: 0, next: 0 });
    await remove(card);
  });
});
