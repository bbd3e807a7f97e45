/**
 * Amiibo and Lego Dimensions figures on every NFC reader we drive: the PN532 over UART (in-memory port), I2C
 * and SPI (fake buses), each with the byte-level PN532 simulator holding the toy's page layout; and PC/SC
 * through a private real pcscd with the vpcd virtual reader and a virtual card laid out as the toy, through the
 * whole service, where a `data` mapping on an Amiibo's figure id launches a real process. Writes are refused
 * and the toy's pages stay as they were.
 */
import { afterAll, afterEach, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { pn532Driver } from "../../../src/readers/pn532/driver.ts";
import { hardwareRoots } from "../../../src/readers/serial/sysfs.ts";
import type { Reader, TokenRead } from "../../../src/readers/types.ts";
import type { Token } from "../../../src/core/wire/index.ts";
import { FakePn532Bus } from "../../fakes/pn532-bus.ts";
import { FakeSerialDevice } from "../../fakes/serial-port.ts";
import { isAlive, waitFor, writeEmulator, writeFiles } from "../../fixtures/launch-env.ts";
import { AMIIBO_LINK_ID } from "../../fixtures/nfc-toys.ts";
import { TestPcscd, usePrivatePcscd } from "../../fixtures/pcscd.ts";
import { Pn532Sim } from "../../fixtures/pn532-sim.ts";
import { Ntag215 } from "../../fixtures/pn532-tags.ts";
import { readerServiceConfig } from "../../fixtures/reader-service-config.ts";
import type { RpcClient } from "../../fixtures/rpc-client.ts";
import { startService, tempDir, type TestService } from "../../fixtures/service.ts";
import { VirtualNtag } from "../../fixtures/virtual-ntag.ts";

setDefaultTimeout(30000);
const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");
const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const noSerial = async () => {
  throw new Error("no serial port in this test");
};

/** A PN532 reader on `bus`, with the simulator at the far end. */
async function pn532On(bus: "uart" | "i2c" | "spi"): Promise<{ sim: Pn532Sim; reader: Reader; tokens: TokenRead[] }> {
  const sim = new Pn532Sim();
  let reader: Reader;
  if (bus === "uart") {
    const device = new FakeSerialDevice();
    await sim.attach(device.deviceEnd());
    reader = pn532Driver({ openSerial: async (path, options) => device.open(path, options), roots: hardwareRoots("/nonexistent") }).create("/dev/ttyUSB0");
  } else {
    const fake = new FakePn532Bus();
    await sim.attach(fake.chipEnd(), { bus: true });
    reader = pn532Driver({ openSerial: noSerial, roots: hardwareRoots("/nonexistent"), bus: { openI2c: fake.openI2c, openSpi: fake.openSpi } }).create(
      bus === "i2c" ? "/dev/i2c-1" : "/dev/spidev0.0",
    );
  }
  cleanups.push(() => sim.detach());
  const tokens: TokenRead[] = [];
  await reader.open({ token: (t) => tokens.push(t), removed: () => {} });
  cleanups.push(() => reader.close());
  return { sim, reader, tokens };
}

describe.each(["uart", "i2c", "spi"] as const)("PN532 over %s", (bus) => {
  test("an Amiibo is a token of type Amiibo whose data is its figure id; a write is refused and no page changes", async () => {
    const r = await pn532On(bus);
    const toy = Ntag215.amiibo();
    const before = hex(toy.memory);
    r.sim.place(toy);
    const token = await waitFor(() => r.tokens[0], "the Amiibo");
    expect(token).toEqual({ type: "Amiibo", uid: hex(toy.uid), text: "", data: AMIIBO_LINK_ID });
    const err = await r.reader.write!("**launch.random:snes").catch((e: unknown) => e);
    expect(err).toMatchObject({ reason: "unsupported", message: expect.stringContaining("an Amiibo") });
    expect(toy.writes).toBe(0);
    expect(hex(toy.memory)).toBe(before);
  });

  test("a Lego Dimensions figure is a token of type LegoDimensions with no data; a write is refused and no page changes", async () => {
    const r = await pn532On(bus);
    const toy = Ntag215.legoDimensions(Uint8Array.of(0x04, 0x4c, 0x45, 0x47, 0x4f, 0x44, 0x49));
    const before = hex(toy.memory);
    r.sim.place(toy);
    expect(await waitFor(() => r.tokens[0], "the Lego figure")).toEqual({ type: "LegoDimensions", uid: "044c45474f4449", text: "", data: "" });
    const err = await r.reader.write!("anything").catch((e: unknown) => e);
    expect(err).toMatchObject({ reason: "unsupported", message: expect.stringContaining("a Lego Dimensions toy") });
    expect(toy.writes).toBe(0);
    expect(hex(toy.memory)).toBe(before);
  });
});

describe("PC/SC (real pcscd, virtual card) through the service", () => {
  const pcscd = new TestPcscd();
  let root: string;
  let svc: TestService;
  let client: RpcClient;
  let emu: { script: string; record: string };

  async function next<T>(method: string, pred: (p: T) => boolean = () => true): Promise<T> {
    const from = client.notifications.length;
    const hit = await waitFor(() => client.notifications.slice(from).find((n) => n.method === method && pred(n.params as T)), method);
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

  beforeAll(async () => {
    usePrivatePcscd();
    await pcscd.start();
    root = tempDir("tapserve-toys-");
    writeFiles(root, ["roms/NES/Zelda.nes"]);
    emu = writeEmulator(join(root, "emu"));
    svc = await startService({
      configToml: readerServiceConfig({ root, emulator: { id: "ToyEmu", script: emu.script, extensions: [".nes"], systems: ["NES"] } }),
      app: { writeTagWaitMs: 0 },
    });
    client = await svc.connect();
    await waitFor(async () => (await client.call<{ readers: Array<{ driver: string }> }>("readers")).readers.find((r) => r.driver === "pcsc"), "the virtual reader");
  });

  afterAll(async () => {
    await svc?.stop();
    await pcscd.dispose();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  test("a data mapping on an Amiibo's figure id launches its game; the token is type Amiibo in tokens and history", async () => {
    await client.call("mappings.new", { enabled: true, type: "data", match: "exact", pattern: AMIIBO_LINK_ID, override: "NES/Zelda.nes" });
    const card = new VirtualNtag(Uint8Array.of(0x04, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f)).asAmiibo();
    const started = next<{ mediaName: string }>("media.started", (p) => p.mediaName === "Zelda");
    const token = await insert(card);
    expect(token).toMatchObject({ type: "Amiibo", uid: "040a0b0c0d0e0f", text: "", data: AMIIBO_LINK_ID });
    await started;
    const launched = await waitFor(() => existsSync(emu.record) && readFileSync(emu.record, "utf8").split("\n"), "the launcher's record");
    expect(launched[1]).toBe(join(root, "roms/NES/Zelda.nes"));
    expect(isAlive(Number(launched[0]))).toBe(true);
    expect((await client.call<{ active: Token[] }>("tokens")).active).toEqual([token]);
    const history = await client.call<{ entries: Array<{ type: string; uid: string; data: string }> }>("tokens.history");
    expect(history.entries.find((e) => e.uid === token.uid)).toMatchObject({ type: "Amiibo", uid: "040a0b0c0d0e0f", data: AMIIBO_LINK_ID });

    const before = hex(card.memory);
    const refused = await client.request("readers.write", { text: "**launch.random:nes" });
    expect(refused.error).toMatchObject({ code: 1005, data: { reason: "unsupported" } });
    expect(refused.error!.message).toContain("an Amiibo");
    expect(card.apdus.some((a) => a.startsWith("ffd6"))).toBe(false);
    expect(hex(card.memory)).toBe(before);
    await remove(card);
    await client.call("stop");
  });

  test("a Lego Dimensions figure is type LegoDimensions with no data; a UID mapping matches it; writes are refused", async () => {
    const card = new VirtualNtag(Uint8Array.of(0x04, 0x1e, 0x90, 0x00, 0x00, 0x00, 0x01), "ntag213").asLegoDimensions();
    await client.call("mappings.new", { enabled: true, type: "uid", match: "exact", pattern: card.uidHex, override: "**echo:lego" });
    const token = await insert(card);
    expect(token).toMatchObject({ type: "LegoDimensions", uid: card.uidHex, text: "", data: "" });
    const before = hex(card.memory);
    const refused = await client.request("readers.write", { text: "x" });
    expect(refused.error).toMatchObject({ code: 1005, data: { reason: "unsupported" } });
    expect(refused.error!.message).toContain("a Lego Dimensions toy");
    expect(hex(card.memory)).toBe(before);
    await remove(card);
  });
});
