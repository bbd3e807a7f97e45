/**
 * A PN532 on I2C or SPI seen as a byte stream, so the same link (link.ts) drives it as over UART. The chip
 * cannot push bytes on these buses: after the host sends a command it polls the status byte every few
 * milliseconds until the ACK, then until the answer, and reads each frame; when no reply is due (nothing sent,
 * or the host cancelled with an ACK) the bus stays quiet. The HSU wake-up preamble is not sent on a bus.
 */
import { SerialError, type SerialPort } from "../../runtime/serial-types.ts";
import type { Pn532BusIo } from "./bus-io.ts";
import { ACK, FrameParser, NACK } from "./frame.ts";

/** First read of an answer; longer frames are read again whole (a read restarts at the status byte). */
const SHORT_READ = 32;
/** The longest frame: extended preamble and length (8), 265 bytes of body, checksum and postamble. */
const LONG_READ = 8 + 265 + 2;
const ACK_READ = ACK.length;
/**
 * Slowest status poll, reached while an answer takes long (the chip waiting for a tag): bounds the idle bus
 * traffic to some 25 one-byte reads a second and what it adds to a tap's latency to this much.
 */
const MAX_POLL_MS = 40;

const same = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((v, i) => v === b[i]);

export class Pn532BusPort implements SerialPort {
  private dataListener: ((chunk: Uint8Array) => void) | null = null;
  private closeListener: ((error?: SerialError) => void) | null = null;
  private early: Uint8Array[] = [];
  private ended = false;
  private endError: SerialError | undefined;
  /** What the chip owes the host: nothing, the ACK (then the answer), or the answer. */
  private due: "none" | "ack" | "answer" = "none";
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** Current status poll interval: `pollMs` after a write, doubling up to MAX_POLL_MS while an answer is awaited. */
  private interval: number;

  constructor(
    readonly path: string,
    private readonly io: Pn532BusIo,
    /** Pause between status polls while a reply is due. */
    private readonly pollMs = 5,
  ) {
    this.interval = pollMs;
  }

  get isOpen(): boolean {
    return !this.ended;
  }

  onData(listener: (chunk: Uint8Array) => void): void {
    this.dataListener = listener;
    for (const chunk of this.early.splice(0)) listener(chunk);
  }

  onClose(listener: (error?: SerialError) => void): void {
    this.closeListener = listener;
    if (this.ended) queueMicrotask(() => listener(this.endError));
  }

  async write(data: Uint8Array): Promise<void> {
    if (this.ended) throw new SerialError("gone", `${this.path} is closed`);
    if (data[0] === 0x55) return; // HSU wake-up: a bus transaction wakes the chip by itself
    this.due = same(data, ACK) ? "none" : same(data, NACK) ? "answer" : "ack";
    this.interval = this.pollMs;
    try {
      this.io.write(data);
    } catch {
      // A sleeping PN532 may not acknowledge the first transaction that wakes it: once more, shortly after.
      await new Promise((r) => setTimeout(r, 2));
      try {
        this.io.write(data);
      } catch (err) {
        throw new SerialError("io", `${this.path}: ${(err as Error).message}`);
      }
    }
    this.schedule(0);
  }

  close(): Promise<void> {
    this.finish();
    return Promise.resolve();
  }

  private schedule(ms: number): void {
    if (this.timer || this.ended || this.due === "none") return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.poll();
    }, ms);
  }

  private poll(): void {
    if (this.ended || this.due === "none") return;
    try {
      if (!this.io.ready()) {
        if (this.due === "answer") this.interval = Math.min(this.interval * 2, MAX_POLL_MS);
        return this.schedule(this.interval);
      }
      let bytes = this.io.read(this.due === "ack" ? ACK_READ : SHORT_READ);
      let parser = new FrameParser();
      let items = bytes ? parser.push(bytes) : [];
      if (bytes && items.length === 0 && parser.pending > 1) {
        bytes = this.io.read(LONG_READ); // a longer frame (or the answer where the ACK was expected)
        parser = new FrameParser();
        items = bytes ? parser.push(bytes) : [];
      }
      if (bytes) {
        for (const item of items) this.due = item.kind === "ack" && this.due === "ack" ? "answer" : item.kind === "ack" ? this.due : "none";
        this.deliver(bytes);
      }
    } catch (err) {
      this.finish(new SerialError("gone", `${this.path}: ${(err as Error).message}`));
      return;
    }
    this.interval = this.pollMs;
    this.schedule(this.pollMs);
  }

  private deliver(bytes: Uint8Array): void {
    const chunk = Uint8Array.from(bytes);
    if (this.dataListener) this.dataListener(chunk);
    else this.early.push(chunk);
  }

  private finish(error?: SerialError): void {
    if (this.ended) return;
    this.ended = true;
    this.endError = error;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    try {
      this.io.close();
    } catch {
      // already gone
    }
    const listener = this.closeListener;
    if (listener) queueMicrotask(() => listener(error));
  }
}
