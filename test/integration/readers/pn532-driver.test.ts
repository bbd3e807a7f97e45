/**
 * The PN532 driver against the simulated chip on an in-memory serial port (test/fakes/serial-port.ts): tags in
 * and out, NTAG and MIFARE Classic NDEF, writing with verify, every injected link fault, unplug and replug.
 * The real serial adapters and the driver in the Node build are covered over ptys in serial-port.test.ts.
 */
import { afterEach, describe, expect, setDefaultTimeout, test } from "bun:test";
import { pn532Driver } from "../../../src/readers/pn532/driver.ts";
import type { Reader, TokenRead } from "../../../src/readers/types.ts";
import { hardwareRoots } from "../../../src/readers/serial/sysfs.ts";
import { type Pn532Fault, Pn532Sim } from "../../fixtures/pn532-sim.ts";
import { MifareClassic1k, Ntag215 } from "../../fixtures/pn532-tags.ts";
import { waitFor } from "../../fixtures/launch-env.ts";
import { FakeSerialDevice } from "../../fakes/serial-port.ts";

type Event = { kind: "token"; read: TokenRead } | { kind: "removed" };

setDefaultTimeout(20000);
const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const PATH = "/dev/ttyUSB0";
/** The driver's openSerial on one in-memory device at PATH. */
const driverOn = (device: FakeSerialDevice) =>
  pn532Driver({ openSerial: async (path, options) => device.open(path, options), roots: hardwareRoots("/nonexistent") });

async function rig(): Promise<{ device: FakeSerialDevice; sim: Pn532Sim; reader: Reader; events: Event[]; next(kind: Event["kind"]): Promise<Event> }> {
  const device = new FakeSerialDevice();
  const sim = new Pn532Sim();
  await sim.attach(device.deviceEnd());
  cleanups.push(() => sim.detach());
  const reader = driverOn(device).create(PATH);
  const events: Event[] = [];
  let seen = 0;
  await reader.open({ token: (read) => events.push({ kind: "token", read }), removed: () => events.push({ kind: "removed" }) });
  cleanups.push(() => reader.close());
  return {
    device,
    sim,
    reader,
    events,
    async next(kind) {
      const e = await waitFor(() => events.slice(seen).find((x) => x.kind === kind), `a ${kind} event`);
      seen = events.indexOf(e) + 1;
      return e;
    },
  };
}

const text = (e: Event) => (e.kind === "token" ? e.read : null);

describe("PN532 driver on an in-memory port", () => {
  test("opens (SAM configuration first, firmware check) and reports the reader", async () => {
    const { device, sim, reader } = await rig();
    expect(reader.connected()).toBe(true);
    expect(device.baud).toBe(115200);
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
    await waitFor(() => !r.reader.connected(), "the reader to fail");
  });

  test("unplug mid-poll: the reader goes away; after replug a new reader works", async () => {
    const r = await rig();
    r.sim.place(Ntag215.withText("before"));
    await r.next("token");
    await r.sim.detach();
    r.device.unplug();
    await waitFor(() => !r.reader.connected(), "the reader to notice the unplug");
    await r.reader.close();
    await expect(driverOn(r.device).create(PATH).open({ token: () => {}, removed: () => {} })).rejects.toMatchObject({ kind: "not-found" });
    r.device.plug();
    await r.sim.attach(r.device.deviceEnd());
    const again = driverOn(r.device).create(PATH);
    const got: TokenRead[] = [];
    await again.open({ token: (t) => got.push(t), removed: () => {} });
    cleanups.push(() => again.close());
    expect(again.readerId).toBe(r.reader.readerId);
    await waitFor(() => got.length > 0, "the tag after replug");
    expect(got[0]!.text).toBe("before");
  });
});
