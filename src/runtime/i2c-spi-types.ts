/**
 * Linux I2C (`/dev/i2c-N`, i2c-dev) and SPI (`/dev/spidevB.C`, spidev) devices behind the runtime seam. Both
 * need ioctls (I2C_SLAVE to pick the chip's address; SPI_IOC_MESSAGE for a full-duplex transfer), so only a
 * runtime that can call libc offers them. Calls are short bus transactions and run synchronously.
 */

/** One chip on an I2C bus, its address already selected. */
export interface I2cDevice {
  readonly path: string;
  /** One write transaction (START, address+W, bytes, STOP). Throws when the chip does not acknowledge. */
  write(bytes: Uint8Array): void;
  /** One read transaction of `length` bytes. */
  read(length: number): Uint8Array;
  close(): void;
}

export interface SpiOptions {
  /** Clock, Hz. */
  speedHz: number;
  /** SPI mode 0–3 (clock polarity and phase). */
  mode: number;
}

/** One chip select on an SPI bus. */
export interface SpiDevice {
  readonly path: string;
  /** One full-duplex transfer with chip select held: returns as many bytes as were sent. */
  transfer(tx: Uint8Array): Uint8Array;
  close(): void;
}
