/**
 * PN532 over I2C and SPI, below the runtime seam: the driver opens fake `/dev/i2c-1` / `/dev/spidev0.0`
 * devices (test/fakes/pn532-bus.ts) that carry the bus framing to the byte-level PN532 simulator and record
 * every transaction. Checked: the wire bytes (I2C address 0x24, status byte before each frame, no HSU
 * preamble; SPI DW/SR/DR bytes sent LSB first, mode 0), and the same tag support as over UART (read, write,
 * removal), a chip that leaves the bus, and a runtime without ioctl.
 */
import { afterEach, describe, expect, setDefaultTimeout, test } from "bun:test";
import { commandFrame } from "../../../src/readers/pn532/frame.ts";
import { pn532Driver } from "../../../src/readers/pn532/driver.ts";
import { hardwareRoots } from "../../../src/readers/serial/sysfs.ts";
import type { Reader, TokenRead } from "../../../src/readers/types.ts";
import { FakePn532Bus } from "../../fakes/pn532-bus.ts";
import { Pn532Sim } from "../../fixtures/pn532-sim.ts";
import { Ntag215 } from "../../fixtures/pn532-tags.ts";
import { waitFor } from "../../fixtures/launch-env.ts";

setDefaultTimeout(20000);
const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const noSerial = async () => {
  throw new Error("no serial port in this test");
};

async function rig(path: string, options?: { transport?: "i2c" | "spi" }) {
  const bus = new FakePn532Bus();
  const sim = new Pn532Sim();
  await sim.attach(bus.chipEnd(), { bus: true });
  cleanups.push(() => sim.detach());
  const driver = pn532Driver({ openSerial: noSerial, roots: hardwareRoots("/nonexistent"), bus: { openI2c: bus.openI2c, openSpi: bus.openSpi } });
  const reader = driver.create(path, options);
  const tokens: TokenRead[] = [];
  let removals = 0;
  await reader.open({ token: (t) => tokens.push(t), removed: () => removals++ });
  cleanups.push(() => reader.close());
  return { bus, sim, reader, tokens, removed: () => removals };
}

async function tapWriteRemove(r: { sim: Pn532Sim; reader: Reader; tokens: TokenRead[]; removed(): number }): Promise<void> {
  const tag = Ntag215.withText("**launch.system:snes");
  r.sim.place(tag);
  const first = await waitFor(() => r.tokens[0], "the tap");
  expect(first).toMatchObject({ type: "ntag215", uid: "04a1b2c3d4e580", text: "**launch.system:snes" });
  await r.reader.write!("written over the bus");
  r.sim.remove();
  await waitFor(() => r.removed() === 1, "the removal");
  r.sim.place(tag);
  expect((await waitFor(() => r.tokens[1], "the second tap")).text).toBe("written over the bus");
}

const SAM = commandFrame(0x14, [0x01, 0x14, 0x01]);

describe("PN532 over I2C", () => {
  test("opens at address 0x24: the first transaction is SAMConfiguration (no HSU wake-up), reads start with the status byte", async () => {
    const r = await rig("/dev/i2c-1");
    expect(r.reader.connected()).toBe(true);
    expect(r.reader.info).toBe("PN532 (pn532i2c:/dev/i2c-1)");
    expect(r.bus.address).toBe(0x24);
    expect(r.sim.commands.slice(0, 2)).toEqual([0x14, 0x02]);
    expect(Array.from(r.bus.log[0]!.bytes)).toEqual(Array.from(SAM));
    expect(r.bus.log.filter((t) => t.op === "write").every((t) => t.bytes[0] !== 0x55)).toBe(true);
    // The ACK is read as status + 6 bytes once the status byte says ready.
    const firstFrameRead = r.bus.log.find((t) => t.op === "read" && t.reply![0] === 0x01 && t.reply!.length > 1)!;
    expect(Array.from(firstFrameRead.reply!)).toEqual([0x01, 0x00, 0x00, 0xff, 0x00, 0xff, 0x00]);
  });

  test("tap, write and removal work as over UART", async () => {
    await tapWriteRemove(await rig("/dev/i2c-1"));
  });

  test("a chip that leaves the bus marks the reader failed; the bus is released", async () => {
    const r = await rig("/dev/i2c-1");
    r.bus.gone = true;
    await waitFor(() => !r.reader.connected(), "the reader to fail");
    expect(r.bus.closes).toBe(1);
  });
});

describe("PN532 over SPI", () => {
  test("mode 0; DW, SR and DR lead each transaction and every byte goes LSB first", async () => {
    const r = await rig("/dev/spidev0.0");
    expect(r.reader.info).toBe("PN532 (pn532spi:/dev/spidev0.0)");
    expect(r.bus.spi).toEqual({ mode: 0, speedHz: 1_000_000 });
    const first = r.bus.log[0]!;
    expect(first.bytes[0]).toBe(0x80); // DW 01, bit-reversed on the wire
    // 00 00 FF 05 FB D4 14 01 14 01 … reversed: 00 00 FF A0 DF 2B 28 80 28 80 …
    expect(Array.from(first.bytes.subarray(1, 11))).toEqual([0x00, 0x00, 0xff, 0xa0, 0xdf, 0x2b, 0x28, 0x80, 0x28, 0x80]);
    const ops = new Set(r.bus.log.map((t) => t.bytes[0]));
    expect([...ops].sort((a, b) => a! - b!)).toEqual([0x40, 0x80, 0xc0]); // SR 02, DW 01, DR 03 reversed
  });

  test("tap, write and removal work as over UART", async () => {
    await tapWriteRemove(await rig("/dev/spidev0.0"));
  });
});

describe("choosing the wire", () => {
  test("pn532_i2c: on any path uses I2C; without ioctl (Node) the open fails with a clear reason", async () => {
    const bus = new FakePn532Bus();
    const sim = new Pn532Sim();
    await sim.attach(bus.chipEnd(), { bus: true });
    cleanups.push(() => sim.detach());
    const withBus = pn532Driver({ openSerial: noSerial, roots: hardwareRoots("/nonexistent"), bus: { openI2c: bus.openI2c } }).create("/dev/pn532-hat", { transport: "i2c" });
    await withBus.open({ token: () => {}, removed: () => {} });
    cleanups.push(() => withBus.close());
    expect(withBus.info).toBe("PN532 (pn532i2c:/dev/pn532-hat)");
    const noIoctl = pn532Driver({ openSerial: noSerial, roots: hardwareRoots("/nonexistent") }).create("/dev/i2c-1");
    await expect(noIoctl.open({ token: () => {}, removed: () => {} })).rejects.toThrow(/needs ioctl calls, which this runtime cannot make/);
  });
});
