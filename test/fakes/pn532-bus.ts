/**
 * A PN532 on I2C or SPI below the runtime seam (src/runtime/i2c-spi-types.ts): fake `/dev/i2c-N` and
 * `/dev/spidevB.C` devices that carry the bus framing to the byte-level PN532 simulator (test/fixtures/pn532-sim.ts)
 * and record every transaction as it went over the wire. The chip side keeps each ACK or answer it sends as one
 * frame; a read transaction returns the status byte (01 ready / 00 not) and then that frame, which stays until a
 * read takes all of it (a new transaction starts again at the status byte). SPI bytes travel LSB first: the fake
 * reverses the bits of what it receives and sends, as the chip's shift register does for an MSB-first controller.
 */
import type { I2cDevice, SpiDevice, SpiOptions } from "../../src/runtime/i2c-spi-types.ts";
import { SerialError, type SerialPort } from "../../src/runtime/serial-types.ts";

export type BusTransaction = { op: "write" | "read" | "transfer"; bytes: Uint8Array; reply?: Uint8Array };

const reverse = (bytes: Uint8Array) =>
  bytes.map((b) => {
    let r = 0;
    for (let i = 0; i < 8; i++) if (b & (1 << i)) r |= 0x80 >> i;
    return r;
  });

/** The chip's end: what the simulator attaches to (`sim.attach(bus.chipEnd(), { bus: true })`). */
export class FakePn532Bus {
  /** Every transaction, in order, as the wire carried it. */
  readonly log: BusTransaction[] = [];
  private readonly out: Uint8Array[] = [];
  private hostBytes: ((chunk: Uint8Array) => void) | null = null;
  /** Set: the next transaction fails as a chip gone from the bus would (EREMOTEIO / ENXIO). */
  gone = false;
  opens = 0;
  closes = 0;
  spi: SpiOptions | null = null;
  address: number | null = null;

  chipEnd(): SerialPort {
    const bus = this;
    return {
      path: "pn532-bus",
      isOpen: true,
      onData: (listener) => {
        bus.hostBytes = listener;
      },
      onClose: () => {},
      write: async (data) => {
        bus.out.push(Uint8Array.from(data));
      },
      close: async () => {
        bus.hostBytes = null;
      },
    };
  }

  private check(path: string): void {
    if (this.gone) throw Object.assign(new Error(`${path}: Remote I/O error`), { code: "EREMOTEIO" });
  }

  private toChip(frame: Uint8Array): void {
    this.hostBytes?.(Uint8Array.from(frame));
  }

  /** Status byte + the pending frame (zero padded), `length` bytes in all; a frame read whole is gone. */
  private readOut(length: number): Uint8Array {
    const reply = new Uint8Array(length);
    const head = this.out[0];
    if (!head) return reply;
    reply[0] = 0x01;
    reply.set(head.subarray(0, length - 1), 1);
    if (length - 1 >= head.length) this.out.shift();
    return reply;
  }

  /** `openI2c` for the runtime seam. */
  openI2c = (path: string, address: number): I2cDevice => {
    if (this.gone) throw new Error(`${path} does not exist`);
    this.opens++;
    this.address = address;
    return {
      path,
      write: (bytes) => {
        this.check(path);
        this.log.push({ op: "write", bytes: Uint8Array.from(bytes) });
        this.toChip(bytes);
      },
      read: (length) => {
        this.check(path);
        const reply = this.readOut(length);
        this.log.push({ op: "read", bytes: new Uint8Array(0), reply });
        return reply;
      },
      close: () => void this.closes++,
    };
  };

  /** `openSpi` for the runtime seam. */
  openSpi = (path: string, opts: SpiOptions): SpiDevice => {
    if (this.gone) throw new Error(`${path} does not exist`);
    this.opens++;
    this.spi = opts;
    return {
      path,
      transfer: (wire) => {
        this.check(path);
        const tx = reverse(wire);
        let rx = new Uint8Array(tx.length);
        if (tx[0] === 0x01) this.toChip(tx.subarray(1));
        else if (tx[0] === 0x02) rx[1] = this.out.length ? 0x01 : 0x00;
        else if (tx[0] === 0x03) rx = Uint8Array.of(0, ...this.readOut(tx.length).subarray(1));
        else throw new SerialError("io", `unexpected SPI operation 0x${tx[0]?.toString(16)}`);
        const reply = reverse(rx);
        this.log.push({ op: "transfer", bytes: Uint8Array.from(wire), reply });
        return reply;
      },
      close: () => void this.closes++,
    };
  };
}
