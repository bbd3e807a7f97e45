/**
 * The i2c-dev and spidev ABI (linux/i2c-dev.h, linux/spi/spidev.h): ioctl numbers and the 32-byte
 * `struct spi_ioc_transfer`, the same on x86-64, arm64 and 32-bit ARM (its buffers are u64 fields).
 */
export const I2C_SLAVE = 0x0703;

const IOC_WRITE = 1;
const SPI_IOC_MAGIC = 0x6b; // 'k'
const iow = (nr: number, size: number) => ((IOC_WRITE << 30) | (size << 16) | (SPI_IOC_MAGIC << 8) | nr) >>> 0;

export const SPI_TRANSFER_SIZE = 32;
/** SPI_IOC_MESSAGE(1). */
export const SPI_IOC_MESSAGE_1 = iow(0, SPI_TRANSFER_SIZE);
export const SPI_IOC_WR_MODE = iow(1, 1);
export const SPI_IOC_WR_BITS_PER_WORD = iow(3, 1);
export const SPI_IOC_WR_MAX_SPEED_HZ = iow(4, 4);

/** `struct spi_ioc_transfer` for one transfer of `len` bytes between the two buffer addresses. */
export function spiTransfer(txAddr: number, rxAddr: number, len: number, speedHz: number): Uint8Array {
  const buf = new Uint8Array(SPI_TRANSFER_SIZE);
  const v = new DataView(buf.buffer);
  v.setBigUint64(0, BigInt(txAddr), true);
  v.setBigUint64(8, BigInt(rxAddr), true);
  v.setUint32(16, len, true);
  v.setUint32(20, speedHz, true);
  // delay_usecs (u16) at 24 = 0; bits_per_word (u8) at 26 = 8; cs_change, tx_nbits, rx_nbits, word_delay, pad = 0
  buf[26] = 8;
  return buf;
}
