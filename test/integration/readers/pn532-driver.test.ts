/**
 * The PN532 driver against the simulated chip over a real pty pair: tags in and out, NTAG and MIFARE Classic
 * NDEF, writing with verify, every injected link fault, unplug and replug.
 */
import { afterEach, describe, expect, setDefaultTimeout, test } from "bun:test";
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pn532Driver } from "../../../src/readers/pn532/driver.ts";
import type { Reader, TokenRead } from "../../../src/readers/types.ts";
import { bunRuntime } from "../../../src/runtime/bun/index.ts";
import { hardwareRoots } from "../../../src/readers/serial/sysfs.ts";
import { type Pn532Fault, Pn532Sim } from "../../fixtures/pn532-sim.ts";
import { MifareClassic1k, Ntag215 } from "../../fixtures/pn532-tags.ts";
import { type SerialPair, startSerialPair } from "../../fixtures/serial-pair.ts";

type Event = { kind: "token"; read: TokenRead } | { kind: "removed" };

setDefaultTimeout(20000);
const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function until<T>(check: () => T | undefined | false, what: string, ms = 5000): Promise<T> {
  const deadline = Date.now() + ms;
  while (true) {
    const v = check();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function rig(): Promise<{ pair: SerialPair; sim: Pn532Sim; reader: Reader; events: Event[]; next(kind: Event["kind"]): Promise<Event> }> {
  const pair = await startSerialPair();
  cleanups.push(() => pair.stop());
  const sim = new Pn532Sim();
  await sim.attach(pair.peerPath);
  cleanups.push(() => sim.detach());
  const root = mkdtempSync(join(tmpdir(), "tapserve-root-"));
  cleanups.push(() => rmSync(root, { recursive: true, force: true }));
  const driver = pn532Driver({ openSerial: bunRuntime.openSerial, roots: hardwareRoots(root) });
  const reader = driver.create(pair.devicePath);
  const events: Event[] = [];
  let seen = 0;
  await reader.open({ token: (read) => events.push({ kind: "token", read }), removed: () => events.push({ kind: "removed" }) });
  cleanups.push(() => reader.close());
  return {
    pair,
    sim,
    reader,
    events,
    async next(kind) {
      const e = await until(() => events.slice(seen).find((x) => x.kind === kind), `a ${kind} event`);
      seen = events.indexOf(e) + 1;
      return e;
    },
  };
}

const text = (e: Event) => (e.kind === "token" ? e.read : null);

describe("PN532 driver over a pty", () => {
  test("opens (SAM configuration first, firmware check) and reports the reader", async () => {
    const { sim, reader } = await rig();
    expect(reader.connected()).toBe(true);
    expect(sim.commands.slice(0, 2)).toEqual([0x14, 0x02]);
    expect(reader.driver).toBe("pn532");
    expect(reader.capabilities).toEqual(["write", "removable"]);
    expect(reader.info).toContain("pn532uart:");
  });

  test("NTAG215: tap gives uid and text, removal is reported, a second tap is a new scan", async () => {
    const r = await rig();
    r.sim.place(Ntag215.withText("**launch.system:snes"));
    expect(text(await r.next("token"))).toEqual({ type: "ntag215", uid: "04a1b2c3d4e580", text: "**launch.system:snes", data: expect.stringMatching(/^d101/) });
    expect(r.reader.hasToken()).toBe(true);
    r.sim.remove();
    await r.next("removed");
    expect(r.reader.hasToken()).toBe(false);
    r.sim.place(Ntag215.withText("second"));
    expect(text(await r.next("token"))?.text).toBe("second");
  });

  test("MIFARE Classic 1K: NDEF read through the public NDEF key, sector trailers skipped", async () => {
    const r = await rig();
    const long = "x".repeat(60) + " — across two sectors and a trailer " + "y".repeat(60);
    r.sim.place(MifareClassic1k.withText(long));
    expect(text(await r.next("token"))).toMatchObject({ type: "mifare_classic_1k", uid: "deadbeef", text: long });
    r.sim.remove();
    await r.next("removed");
  });

  test("a tag swapped for another without a gap is a new scan", async () => {
    const r = await rig();
    r.sim.place(Ntag215.withText("one"));
    expect(text(await r.next("token"))?.text).toBe("one");
    r.sim.place(Ntag215.withText("two", Uint8Array.of(0x04, 1, 2, 3, 4, 5, 6)));
    expect(text(await r.next("token"))).toMatchObject({ uid: "04010203040506", text: "two" });
  });

  test("write: new text lands on the tag, verified, and reads back on the next tap", async () => {
    const r = await rig();
    const tag = Ntag215.withText("old");
    r.sim.place(tag);
    await r.next("token");
    await r.reader.write!("**launch.random:genesis");
    r.sim.remove();
    await r.next("removed");
    r.sim.place(tag);
    expect(text(await r.next("token"))?.text).toBe("**launch.random:genesis");
  });

  test("write cut short (tag pulled mid-write) fails and leaves an empty tag, never a truncated message", async () => {
    const r = await rig();
    const tag = Ntag215.withText("old text");
    r.sim.place(tag);
    await r.next("token");
    tag.failAfterWrites = 2;
    tag.onVanish = () => r.sim.remove();
    await expect(r.reader.write!("a much longer text that needs several pages on the tag")).rejects.toThrow(/write failed/);
    await r.next("removed");
    r.sim.place(tag);
    expect(text(await r.next("token"))).toMatchObject({ text: "", data: "" });
  });

  test("writing without a tag or to a MIFARE Classic is refused clearly", async () => {
    const r = await rig();
    await expect(r.reader.write!("x")).rejects.toMatchObject({ reason: "no-tag" });
    r.sim.place(MifareClassic1k.withText("c"));
    await r.next("token");
    await expect(r.reader.write!("x")).rejects.toMatchObject({ reason: "unsupported" });
  });

  const faults: Pn532Fault[] = ["nack", "lose-ack", "bad-checksum", "cut-off", "error-frame", "silence"];
  test.each(faults)("injected fault '%s' during reads is recovered by retry", async (fault) => {
    const r = await rig();
    // Faults apply to the next commands: the tag list and the NDEF reads after the tap.
    r.sim.inject(fault, 2);
    r.sim.place(Ntag215.withText(`after ${fault}`));
    expect(text(await r.next("token"))?.text).toBe(`after ${fault}`);
    expect(r.sim.injected).toBeGreaterThan(0);
    expect(r.reader.connected()).toBe(true);
    r.sim.remove();
    await r.next("removed");
    expect(r.reader.connected()).toBe(true);
  });

  test("a chip that stops answering marks the reader failed (no crash, no stuck loop)", async () => {
    const r = await rig();
    r.sim.place(Ntag215.withText("t"));
    await r.next("token");
    r.sim.inject("silence", 100);
    await until(() => !r.reader.connected(), "the reader to fail");
  });

  test("unplug mid-poll: the reader goes away; after replug a new reader works", async () => {
    const r = await rig();
    r.sim.place(Ntag215.withText("before"));
    await r.next("token");
    await r.sim.detach();
    await r.pair.unplug();
    await until(() => !r.reader.connected(), "the reader to notice the unplug");
    await r.reader.close();
    await r.pair.replug();
    await r.sim.attach(r.pair.peerPath);
    const driver = pn532Driver({ openSerial: bunRuntime.openSerial, roots: hardwareRoots("/nonexistent") });
    const again = driver.create(r.pair.devicePath);
    const got: TokenRead[] = [];
    await again.open({ token: (t) => got.push(t), removed: () => {} });
    cleanups.push(() => again.close());
    expect(again.readerId).toBe(r.reader.readerId);
    await until(() => got.length > 0, "the tag after replug");
    expect(got[0]!.text).toBe("before");
  });
});

describe("PN532 driver on the Node runtime (stty + libuv tty)", () => {
  test("the Node build opens the chip, reports a tap with its text and the removal", async () => {
    const ROOT = join(import.meta.dir, "../../..");
    const dir = mkdtempSync(join(tmpdir(), "tapserve-node-pn532-"));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const entry = join(dir, "main.ts");
    writeFileSync(
      entry,
      `import { pn532Driver } from ${JSON.stringify(join(ROOT, "src/readers/pn532/driver.ts"))};
import { hardwareRoots } from ${JSON.stringify(join(ROOT, "src/readers/serial/sysfs.ts"))};
import { openNodeSerial } from ${JSON.stringify(join(ROOT, "src/runtime/node/serial.ts"))};
const reader = pn532Driver({ openSerial: openNodeSerial, roots: hardwareRoots("/nonexistent") }).create(process.argv[2]);
const say = (o) => process.stdout.write(JSON.stringify(o) + "\\n");
await reader.open({ token: (t) => say({ token: t }), removed: () => say({ removed: true }) });
say({ open: reader.connected() });
process.stdin.on("data", async () => { await reader.close(); say({ closed: true }); });
`,
    );
    const out = join(dir, "main.mjs");
    const built = spawnSync(join(ROOT, "node_modules/.bin/bun"), ["build", "--target=node", entry, "--outfile", out], { encoding: "utf8" });
    expect(built.status).toBe(0);
    const pair = await startSerialPair();
    cleanups.push(() => pair.stop());
    const sim = new Pn532Sim();
    await sim.attach(pair.peerPath);
    cleanups.push(() => sim.detach());
    const child = spawn("node", [out, pair.devicePath], { stdio: ["pipe", "pipe", "inherit"] });
    cleanups.push(() => child.kill());
    const said: Array<Record<string, unknown>> = [];
    let buf = "";
    child.stdout.on("data", (d) => {
      buf += d;
      const lines = buf.split("\n");
      buf = lines.pop()!;
      for (const l of lines) if (l.startsWith("{")) said.push(JSON.parse(l));
    });
    await until(() => said.find((m) => "open" in m), "the reader to open under Node", 10000);
    expect(said.find((m) => "open" in m)).toEqual({ open: true });
    sim.place(Ntag215.withText("from node"));
    const tok = await until(() => said.find((m) => "token" in m), "a token under Node");
    expect(tok.token).toMatchObject({ uid: "04a1b2c3d4e580", text: "from node" });
    sim.remove();
    await until(() => said.find((m) => "removed" in m), "the removal under Node");
    const exited = new Promise((r) => child.once("exit", r));
    child.stdin.end("close\n");
    await until(() => said.find((m) => "closed" in m), "the close under Node");
    expect(await exited).toBe(0);
  });
});
