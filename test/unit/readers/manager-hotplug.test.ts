import { describe, expect, test } from "bun:test";
import { type ReaderSettings, ReaderManager } from "../../../src/service/readers/manager.ts";
import { ManualClock } from "../../fakes/clock.ts";
import { FakeReaderDriver } from "../../fakes/reader-driver.ts";

function harness(settings: ReaderSettings, drivers: FakeReaderDriver[]) {
  const log: string[] = [];
  const clock = new ManualClock();
  const manager = new ReaderManager(drivers, () => settings, {
    added: (r) => log.push(`added ${r.driver}:${r.path}`),
    removed: (r) => log.push(`removed ${r.driver}:${r.path}`),
    token: () => {},
    tokenRemoved: () => {},
  }, 1000, clock);
  return { manager, log, clock };
}

const change = (action: "add" | "remove" | "rescan", path: string) => ({ action, path, via: "uevent" as const, at: performance.now() });

describe("reader manager hot-plug", () => {
  test("a plugged node is looked at at once, not on the next pass; one readers.added", async () => {
    const d = new FakeReaderDriver("pn532", true);
    const { manager, log } = harness({ auto_detect: true, connect: [] }, [d]);
    await manager.start();
    expect(log).toEqual([]);
    d.plug("/dev/ttyUSB0"); // the driver says nothing: only the uevent tells
    await manager.deviceChanged(change("add", "/dev/ttyUSB0"));
    expect(log).toEqual(["added pn532:/dev/ttyUSB0"]);
    await manager.deviceChanged(change("add", "/dev/ttyUSB0")); // a repeated event adds nothing
    await manager.deviceChanged(change("rescan", ""));
    expect(log).toEqual(["added pn532:/dev/ttyUSB0"]);
    await manager.stop();
  });

  test("an unplugged node's reader is dropped at once, even one that has not noticed; one readers.removed", async () => {
    const d = new FakeReaderDriver("pn532", false);
    d.plug("/dev/ttyUSB0");
    d.plug("/dev/ttyUSB1");
    const { manager, log } = harness({ auto_detect: false, connect: [{ driver: "pn532", path: "/dev/ttyUSB0" }, { driver: "pn532", path: "/dev/ttyUSB1" }] }, [d]);
    await manager.start();
    expect(log).toEqual(["added pn532:/dev/ttyUSB0", "added pn532:/dev/ttyUSB1"]);
    expect(d.reader("/dev/ttyUSB0").connected()).toBe(true);
    await manager.deviceChanged(change("remove", "/dev/ttyUSB0"));
    expect(log.slice(2)).toEqual(["removed pn532:/dev/ttyUSB0"]);
    d.unplug("/dev/ttyUSB0", false);
    await manager.kick(); // the pass after: the node is gone, nothing more to say
    await manager.deviceChanged(change("remove", "/dev/ttyUSB0"));
    expect(log.slice(2)).toEqual(["removed pn532:/dev/ttyUSB0"]);
    expect(manager.readers().map((r) => r.path)).toEqual(["/dev/ttyUSB1"]);
    await manager.stop();
  });
});
