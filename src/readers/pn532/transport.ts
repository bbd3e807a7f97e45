/**
 * Which wire a PN532 connection uses and how its port is opened: UART through the runtime's serial ports,
 * I2C (`/dev/i2c-N`, address 0x24) and SPI (`/dev/spidevB.C`) through its bus devices, which need ioctls (the
 * Bun runtime; on Node the open fails with a clear reason and the manager keeps retrying as for any open).
 */
import type { Runtime } from "../../runtime/types.ts";
import { SerialError, type SerialPort } from "../../runtime/serial-types.ts";
import type { ReaderOptions } from "../types.ts";
import { i2cBusIo, PN532_I2C_ADDRESS, PN532_SPI_HZ, spiBusIo } from "./bus-io.ts";
import { Pn532BusPort } from "./bus-port.ts";

export type Pn532Transport = NonNullable<ReaderOptions["transport"]>;

/** The transport asked for (`pn532_i2c:`…), else the one the path names; bare `pn532:` is UART, as in the reference. */
export function transportFor(path: string, requested?: Pn532Transport): Pn532Transport {
  if (requested) return requested;
  const name = path.slice(path.lastIndexOf("/") + 1);
  if (/^i2c-\d+$/.test(name)) return "i2c";
  if (/^spidev\d+\.\d+$/.test(name)) return "spi";
  return "uart";
}

/** The connection-string name shown in `info`. */
export const transportLabel = (t: Pn532Transport) => `pn532${t}`;

export interface BusOpeners {
  openI2c?: Runtime["openI2c"];
  openSpi?: Runtime["openSpi"];
  /** Status poll interval while a reply is due. */
  pollMs?: number;
}

/** Opens a PN532 on I2C or SPI as a byte stream the link can drive. */
export async function openBusPort(transport: "i2c" | "spi", path: string, openers: BusOpeners): Promise<SerialPort> {
  const open = transport === "i2c" ? openers.openI2c : openers.openSpi;
  if (!open) throw new SerialError("unsupported", `a PN532 over ${transport.toUpperCase()} needs ioctl calls, which this runtime cannot make (use the Bun build): ${path}`);
  try {
    const io = transport === "i2c" ? i2cBusIo(openers.openI2c!(path, PN532_I2C_ADDRESS)) : spiBusIo(openers.openSpi!(path, { speedHz: PN532_SPI_HZ, mode: 0 }));
    return new Pn532BusPort(path, io, openers.pollMs);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new SerialError(code === "ENOENT" || /does not exist/.test((err as Error).message) ? "not-found" : "io", (err as Error).message);
  }
}
