/**
 * I2C and SPI devices for the Bun runtime: the device file is opened, read and written with node:fs; the
 * ioctls (I2C_SLAVE, SPI mode/speed, SPI_IOC_MESSAGE) go through bun:ffi to libc, as uinput.ts does.
 */
import { dlopen, FFIType, ptr, read } from "bun:ffi";
import { closeSync, openSync, readSync, writeSync } from "node:fs";
import { errnoName } from "./errno-name.ts";
import { I2C_SLAVE, SPI_IOC_MESSAGE_1, SPI_IOC_WR_BITS_PER_WORD, SPI_IOC_WR_MAX_SPEED_HZ, SPI_IOC_WR_MODE, spiTransfer } from "../i2c-spi-abi.ts";
import type { I2cDevice, SpiDevice, SpiOptions } from "../i2c-spi-types.ts";

function openLibc() {
  return dlopen("libc.so.6", {
    ioctl: { args: [FFIType.i32, FFIType.u64, FFIType.u64], returns: FFIType.i32 },
    __errno_location: { args: [], returns: FFIType.ptr },
  });
}

type Libc = ReturnType<typeof openLibc>["symbols"];
let libc: Libc | null = null;


function loadLibc(): Libc {
  if (process.platform !== "linux") throw new Error("I2C and SPI devices are Linux only");
  libc ??= openLibc().symbols;
  return libc;
}

function openDevice(path: string): number {
  try {
    return openSync(path, "r+");
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why = code === "ENOENT" ? "does not exist (is the bus enabled, e.g. dtparam=i2c_arm=on / spi=on?)" : code === "EACCES" || code === "EPERM" ? "is not readable and writable by the service" : (err as Error).message;
    throw new Error(`${path} ${why}`);
  }
}

function ioctl(lib: Libc, fd: number, path: string, what: string, request: number, arg: number): void {
  if (lib.ioctl(fd, request, arg) < 0) {
    const errno = read.i32(lib.__errno_location()!, 0);
    throw new Error(`${path}: ioctl ${what} failed (${errnoName(errno)})`);
  }
}

export function openBunI2c(path: string, address: number): I2cDevice {
  const lib = loadLibc();
  const fd = openDevice(path);
  try {
    ioctl(lib, fd, path, `I2C_SLAVE 0x${address.toString(16)}`, I2C_SLAVE, address);
  } catch (err) {
    closeSync(fd);
    throw err;
  }
  let closed = false;
  return {
    path,
    write(bytes) {
      writeSync(fd, bytes);
    },
    read(length) {
      const buf = new Uint8Array(length);
      const n = readSync(fd, buf, 0, length, null);
      return buf.subarray(0, n);
    },
    close() {
      if (closed) return;
      closed = true;
      closeSync(fd);
    },
  };
}

export function openBunSpi(path: string, opts: SpiOptions): SpiDevice {
  const lib = loadLibc();
  const fd = openDevice(path);
  try {
    ioctl(lib, fd, path, "SPI_IOC_WR_MODE", SPI_IOC_WR_MODE, ptr(Uint8Array.of(opts.mode)));
    ioctl(lib, fd, path, "SPI_IOC_WR_BITS_PER_WORD", SPI_IOC_WR_BITS_PER_WORD, ptr(Uint8Array.of(8)));
    ioctl(lib, fd, path, "SPI_IOC_WR_MAX_SPEED_HZ", SPI_IOC_WR_MAX_SPEED_HZ, ptr(Uint32Array.of(opts.speedHz)));
  } catch (err) {
    closeSync(fd);
    throw err;
  }
  let closed = false;
  return {
    path,
    transfer(tx) {
      const out = Uint8Array.from(tx);
      const rx = new Uint8Array(out.length);
      const msg = spiTransfer(ptr(out), ptr(rx), out.length, opts.speedHz);
      ioctl(lib, fd, path, "SPI_IOC_MESSAGE", SPI_IOC_MESSAGE_1, ptr(msg));
      return rx;
    },
    close() {
      if (closed) return;
      closed = true;
      closeSync(fd);
    },
  };
}
