/**
 * How a PN532 frames its host link on I2C and SPI (NXP UM0701-02 §6.2.4–6.2.5), over the runtime's bus
 * devices. Both buses are polled: the host asks the chip's status byte (bit 0 = an ACK or answer is ready) and
 * then reads the frame; a read always starts again at the status byte, so a frame read short can be read again.
 * - I2C (address 0x24): a write transaction carries the frame; every read transaction starts with the status byte.
 * - SPI (mode 0, LSB first): each transaction starts with DW `01` (data write, the frame follows), SR `02`
 *   (status read, one byte back) or DR `03` (data read, the frame back). Bits travel least significant first;
 *   spidev controllers mostly shift MSB first, so every byte is bit-reversed here instead.
 */
import type { I2cDevice, SpiDevice } from "../../runtime/i2c-spi-types.ts";

/** A polled PN532 bus: status, a frame read of up to `length` bytes (null when no longer ready), a frame write. */
export interface Pn532BusIo {
  ready(): boolean;
  read(length: number): Uint8Array | null;
  write(frame: Uint8Array): void;
  close(): void;
}

export const PN532_I2C_ADDRESS = 0x24;
export const SPI_DW = 0x01;
export const SPI_SR = 0x02;
export const SPI_DR = 0x03;
/** SPI clock: the PN532 allows up to 5 MHz; 1 MHz leaves room for long wires on HATs. */
export const PN532_SPI_HZ = 1_000_000;

const READY = 0x01;

export function i2cBusIo(dev: I2cDevice): Pn532BusIo {
  return {
    ready: () => ((dev.read(1)[0] ?? 0) & READY) !== 0,
    read(length) {
      const got = dev.read(length + 1);
      return ((got[0] ?? 0) & READY) !== 0 ? got.subarray(1) : null;
    },
    write: (frame) => dev.write(frame),
    close: () => dev.close(),
  };
}

const REVERSED = new Uint8Array(256).map((_, b) => {
  let r = 0;
  for (let i = 0; i < 8; i++) if (b & (1 << i)) r |= 0x80 >> i;
  return r;
});

/** Each byte with its bit order reversed (MSB-first wire ⇄ LSB-first chip). */
export const reverseBits = (bytes: Uint8Array): Uint8Array => bytes.map((b) => REVERSED[b]!);

export function spiBusIo(dev: SpiDevice): Pn532BusIo {
  const transfer = (tx: Uint8Array) => reverseBits(dev.transfer(reverseBits(tx)));
  return {
    ready: () => ((transfer(Uint8Array.of(SPI_SR, 0))[1] ?? 0) & READY) !== 0,
    read(length) {
      const tx = new Uint8Array(length + 1);
      tx[0] = SPI_DR;
      return transfer(tx).subarray(1);
    },
    write(frame) {
      const tx = new Uint8Array(frame.length + 1);
      tx[0] = SPI_DW;
      tx.set(frame, 1);
      transfer(tx);
    },
    close: () => dev.close(),
  };
}
