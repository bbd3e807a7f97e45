/**
 * The Bun runtime's I2C and SPI devices (src/runtime/bun/i2c-spi.ts) make real ioctl calls through libc: a
 * file that is no bus device is refused with the ioctl's own reason, a missing bus says how to enable it. (This
 * machine has no I2C or SPI bus; the framing above the seam is covered in pn532-bus.test.ts.)
 */
import { describe, expect, test } from "bun:test";
import { SPI_IOC_MESSAGE_1, SPI_IOC_WR_MAX_SPEED_HZ, SPI_IOC_WR_MODE, spiTransfer } from "../../../src/runtime/i2c-spi-abi.ts";
import { bunRuntime } from "../../../src/runtime/bun/index.ts";

describe("Bun I2C and SPI devices", () => {
  test("I2C_SLAVE and SPI mode ioctls reach the kernel: /dev/null refuses them (ENOTTY)", () => {
    expect(() => bunRuntime.openI2c!("/dev/null", 0x24)).toThrow("/dev/null: ioctl I2C_SLAVE 0x24 failed (ENOTTY)");
    expect(() => bunRuntime.openSpi!("/dev/null", { speedHz: 1_000_000, mode: 0 })).toThrow("/dev/null: ioctl SPI_IOC_WR_MODE failed (ENOTTY)");
  });

  test("a bus that is not there says how to enable it", () => {
    expect(() => bunRuntime.openI2c!("/dev/i2c-99", 0x24)).toThrow(/does not exist \(is the bus enabled/);
  });

  test("spidev ABI: ioctl numbers and the 32-byte spi_ioc_transfer", () => {
    expect(SPI_IOC_MESSAGE_1).toBe(0x40206b00);
    expect(SPI_IOC_WR_MODE).toBe(0x40016b01);
    expect(SPI_IOC_WR_MAX_SPEED_HZ).toBe(0x40046b04);
    const t = spiTransfer(0x1122, 0x3344, 7, 1_000_000);
    const v = new DataView(t.buffer);
    expect([v.getBigUint64(0, true), v.getBigUint64(8, true), v.getUint32(16, true), v.getUint32(20, true), t[26]]).toEqual([0x1122n, 0x3344n, 7, 1_000_000, 8]);
  });
});
