import { describe, expect, test } from "bun:test";
import { ALIAS_NAMES, resolveConnection } from "../../../src/readers/driver-aliases.ts";
import { type ReaderSettings, ReaderManager } from "../../../src/service/readers/manager.ts";
import { ManualClock } from "../../fakes/clock.ts";
import { FakeReaderDriver } from "../../fakes/reader-driver.ts";

function harness(settings: ReaderSettings, drivers: FakeReaderDriver[]) {
  const log: string[] = [];
  const manager = new ReaderManager(drivers, () => settings, {
    added: (r) => log.push(`added ${r.driver}:${r.path}`),
    removed: (r) => log.push(`removed ${r.driver}:${r.path}`),
    token: () => {},
    tokenRemoved: () => {},
  }, 1000, new ManualClock());
  return { manager, log };
}

describe("reference driver names", () => {
  test("every name the reference accepts for PN532 and ACR122 readers maps to one of ours", () => {
    const pcsc = new FakeReaderDriver("pcsc", true);
    const pn532 = new FakeReaderDriver("pn532", true);
    const drivers = [pcsc, pn532];
    const map = (name: string, path: string) => {
      const r = resolveConnection(drivers, name, path);
      return r && { driver: r.driver.id, path: r.path, ...r.options };
    };
    expect(map("acr122_pcsc", "ACS ACR122U PICC Interface 00 00")).toEqual({ driver: "pcsc", path: "ACS ACR122U PICC Interface 00 00" });
    expect(map("acr122_usb", "003:004")).toEqual({ driver: "pcsc", path: "" });
    expect(map("libnfcacr122", "003:004")).toEqual({ driver: "pcsc", path: "" });
    expect(map("legacy_pn532_uart", "/dev/ttyUSB0")).toEqual({ driver: "pn532", path: "/dev/ttyUSB0", transport: "uart" });
    expect(map("legacypn532i2c", "/dev/i2c-1")).toEqual({ driver: "pn532", path: "/dev/i2c-1", transport: "i2c" });
    expect(map("PN532_I2C", "/dev/i2c-1")).toEqual({ driver: "pn532", path: "/dev/i2c-1", transport: "i2c" });
    expect(map("pn532_spi", "/dev/spidev0.0")).toEqual({ driver: "pn532", path: "/dev/spidev0.0", transport: "spi" });
    expect(map("pn532", "/dev/ttyUSB0")).toEqual({ driver: "pn532", path: "/dev/ttyUSB0" });
    expect(map("acr122nope", "x")).toBeUndefined();
    expect(ALIAS_NAMES).toEqual(expect.arrayContaining(["acr122pcsc", "acr122usb", "libnfcacr122", "legacypn532uart", "legacypn532i2c", "pn532i2c", "pn532spi"]));
  });

  test("acr122pcsc opens the named PC/SC reader; acr122usb (a libnfc USB path) takes every PC/SC reader", async () => {
    const pcsc = new FakeReaderDriver("pcsc", true);
    pcsc.plug("ACS ACR122U 00 00");
    pcsc.plug("ACS ACR122U 01 00");
    const named = harness({ auto_detect: false, connect: [{ driver: "acr122_pcsc", path: "ACS ACR122U 01 00" }] }, [pcsc]);
    await named.manager.start();
    expect(named.log).toEqual(["added pcsc:ACS ACR122U 01 00"]);
    await named.manager.stop();
    const any = harness({ auto_detect: false, connect: [{ driver: "acr122_usb", path: "003:004" }] }, [pcsc]);
    await any.manager.start();
    expect(any.log.sort()).toEqual(["added pcsc:ACS ACR122U 00 00", "added pcsc:ACS ACR122U 01 00"]);
    await any.manager.stop();
  });
});
