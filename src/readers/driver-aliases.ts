/**
 * Connection-string driver names the reference accepts in `[[readers.connect]]` for drivers it has and this
 * service serves with its own: the libnfc names (`acr122usb`, `libnfcacr122`, `legacypn532uart`,
 * `legacypn532i2c`), the PC/SC ACR122 name (`acr122pcsc`) and the PN532 bus names (`pn532i2c`, `pn532spi`).
 * Names compare lowercase with underscores dropped. Each alias used is logged once per process.
 */
import { log } from "../log.ts";
import type { ReaderDriver, ReaderOptions } from "./types.ts";

const logger = log.withTag("readers");

interface Alias {
  /** Our driver id. */
  driver: string;
  transport?: ReaderOptions["transport"];
  /**
   * The reference's path for this name means nothing to our driver (libnfc's USB `bus:device`): it is dropped,
   * so the entry stands for every reader our driver finds.
   */
  dropPath?: boolean;
  why: string;
}

const ALIASES: Record<string, Alias> = {
  acr122pcsc: { driver: "pcsc", why: "an ACR122 through pcscd: the path is its PC/SC reader name" },
  acr122usb: { driver: "pcsc", dropPath: true, why: "ACR122 readers are served through pcscd (every PC/SC reader; libnfc's USB bus:device path is not used)" },
  libnfcacr122: { driver: "pcsc", dropPath: true, why: "ACR122 readers are served through pcscd (every PC/SC reader; libnfc's USB bus:device path is not used)" },
  legacypn532uart: { driver: "pn532", transport: "uart", why: "the PN532 driver over UART replaces the libnfc one" },
  legacypn532i2c: { driver: "pn532", transport: "i2c", why: "the PN532 driver over I2C replaces the libnfc one" },
  pn532uart: { driver: "pn532", transport: "uart", why: "PN532 over UART" },
  pn532i2c: { driver: "pn532", transport: "i2c", why: "PN532 over I2C" },
  pn532spi: { driver: "pn532", transport: "spi", why: "PN532 over SPI" },
};

/** The reference names accepted here, lowercase without underscores. */
export const ALIAS_NAMES: readonly string[] = Object.keys(ALIASES);

export interface ResolvedConnection {
  driver: ReaderDriver;
  path: string;
  options: ReaderOptions;
}

const told = new Set<string>();

/** Connection-string driver names compare lowercase with underscores dropped (`pn532_uart` = `pn532uart`). */
const normalize = (name: string) => name.toLowerCase().replaceAll("_", "");

/**
 * The driver, path and options a connection entry stands for, or undefined for an unknown name. An alias maps
 * to our driver (when this build has it) and may set the PN532 transport or drop the path; else a driver's own names.
 */
export function resolveConnection(drivers: readonly ReaderDriver[], name: string, path: string): ResolvedConnection | undefined {
  const n = normalize(name);
  const alias = ALIASES[n];
  const own = drivers.find((d) => d.names.includes(n));
  const driver = alias && drivers.find((d) => d.id === alias.driver);
  if (!alias || !driver) return own ? { driver: own, path, options: {} } : undefined;
  if (!driver.names.includes(n) && !told.has(n)) {
    told.add(n);
    logger.info(`reader driver name "${name}" is served by the ${driver.id} driver: ${alias.why}`);
  }
  return { driver, path: alias.dropPath ? "" : path, options: alias.transport ? { transport: alias.transport } : {} };
}
