import { describe, expect, test } from "bun:test";
import type { TokenRead } from "../../../src/readers/types.ts";
import { type ReaderSettings, ReaderManager } from "../../../src/service/readers/manager.ts";
import { ManualClock } from "../../fakes/clock.ts";
import { FakeReaderDriver as FakeDriver } from "../../fakes/reader-driver.ts";

function harness(settings: ReaderSettings, drivers: FakeDriver[], clock = new ManualClock()) {
  const log: string[] = [];
  const manager = new ReaderManager(drivers, () => settings, {
    added: (r) => log.push(`added ${r.driver}:${r.path}`),
    removed: (r) => log.push(`removed ${r.driver}:${r.path}`),
    token: (r, t: TokenRead) => log.push(`token ${r.path} ${t.uid}`),
    tokenRemoved: (r) => log.push(`gone ${r.path}`),
  }, 1000, clock);
  return { manager, log, settings, clock };
}

describe("reader manager", () => {
  test("opens configured readers (driver names with underscores), announces before their first token, ignores unknown drivers", async () => {
    const serial = new FakeDriver("pn532_uart", false);
    serial.plug("/dev/ttyUSB0");
    serial.onReader.set("/dev/ttyUSB0", { type: "t", uid: "already-there", text: "", data: "" });
    const { manager, log } = harness({ auto_detect: false, connect: [{ driver: "PN532_UART", path: "/dev/ttyUSB0" }, { driver: "nope", path: "x" }] }, [serial]);
    await manager.start();
    expect(log).toEqual(["added pn532_uart:/dev/ttyUSB0", "token /dev/ttyUSB0 already-there"]);
    expect(manager.readers().map((r) => r.path)).toEqual(["/dev/ttyUSB0"]);
    await manager.stop();
    expect(log.at(-1)).toBe("removed pn532_uart:/dev/ttyUSB0");
  });

  test("failed opens are retried on later passes", async () => {
    const d = new FakeDriver("file", false);
    d.plug("/t");
    d.failing.add("/t");
    const { manager, log } = harness({ auto_detect: false, connect: [{ driver: "file", path: "/t" }] }, [d]);
    await manager.start();
    expect(log).toEqual([]);
    d.failing.delete("/t");
    await manager.kick();
    expect(log[0]).toBe("added file:/t");
    await manager.stop();
  });

  test("auto-detect adds hot-plugged readers and drops unplugged ones; an empty path takes every reader of a driver", async () => {
    const pcsc = new FakeDriver("pcsc", true);
    pcsc.plug("A");
    const s = harness({ auto_detect: true, connect: [] }, [pcsc]);
    await s.manager.start();
    expect(s.log.filter((l) => l.startsWith("added"))).toEqual(["added pcsc:A"]);
    pcsc.plug("B");
    await s.manager.kick();
    expect(s.manager.readers().map((r) => r.path).sort()).toEqual(["A", "B"]);
    pcsc.unplug("A");
    await s.manager.kick();
    expect(s.log).toContain("removed pcsc:A");
    expect(s.manager.readers().map((r) => r.path)).toEqual(["B"]);
    await s.manager.stop();

    const off = harness({ auto_detect: false, connect: [{ driver: "pcsc", path: "" }] }, [pcsc]);
    await off.manager.start();
    expect(off.manager.readers().map((r) => r.path)).toEqual(["B"]);
    await off.manager.stop();
  });

  test("readers the settings no longer ask for are closed", async () => {
    const pcsc = new FakeDriver("pcsc", true);
    pcsc.plug("A");
    const settings: ReaderSettings = { auto_detect: true, connect: [] };
    const s = harness(settings, [pcsc]);
    await s.manager.start();
    settings.auto_detect = false;
    await s.manager.kick();
    expect(s.log).toContain("removed pcsc:A");
    expect(s.manager.readers()).toEqual([]);
    await s.manager.stop();
  });

  test("passes run once per interval on the clock: a failing reader is retried then, not before; a hot plug is seen at once", async () => {
    const d = new FakeDriver("simple_serial", true);
    const s = harness({ auto_detect: true, connect: [{ driver: "simpleserial", path: "/dev/ttyACM0" }] }, [d]);
    await s.manager.start();
    expect(d.opened).toEqual([]);
    d.plug("/dev/ttyACM0");
    await s.clock.advance(999);
    expect(s.log).toEqual([]);
    await s.clock.advance(1);
    expect(s.log).toEqual(["added simple_serial:/dev/ttyACM0"]);
    d.reader("/dev/ttyACM0").present({ uid: "04aa" });
    d.plug("/dev/ttyACM1", true);
    await s.clock.advance(0);
    expect(s.log.slice(1)).toEqual(["token /dev/ttyACM0 04aa", "added simple_serial:/dev/ttyACM1"]);
    d.unplug("/dev/ttyACM0", false);
    await s.clock.advance(999);
    expect(s.log).toHaveLength(3);
    await s.clock.advance(1);
    expect(s.log.at(-1)).toBe("removed simple_serial:/dev/ttyACM0");
    await s.manager.stop();
    expect(s.clock.pending).toBe(0);
  });
});
