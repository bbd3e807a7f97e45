/**
 * The runtime-neutral half of a serial port: a descriptor already configured raw with VMIN 0 / VTIME > 0, read
 * through node:fs (a pool thread waits in the kernel; each read returns on the first bytes or after VTIME),
 * so an idle port costs a few wake-ups a second and no busy loop. Both runtimes' openSerial end here.
 */
import { read, stat, write } from "node:fs";
import { SerialError, type SerialPort } from "./serial-types.ts";

/** Reads shorter than this that return nothing mean a hung-up tty (a timed-out read takes VTIME). */
const FAST_EMPTY_READ_MS = 20;
const GONE_CODES = new Set(["EIO", "ENXIO", "ENODEV", "EBADF", "EPIPE"]);

export class FdSerialPort implements SerialPort {
  private dataListener: ((chunk: Uint8Array) => void) | null = null;
  private closeListener: ((error?: SerialError) => void) | null = null;
  private early: Uint8Array[] = [];
  private ended = false;
  private closing = false;
  private reading = false;
  private fastEmpty = 0;
  private ending: Promise<void> | null = null;
  private endError: SerialError | undefined;
  private readonly buf = Buffer.alloc(4096);
  private wakeEnd: (() => void) | null = null;

  constructor(
    private readonly fd: number,
    readonly path: string,
    private readonly release: (fd: number) => void,
  ) {}

  get isOpen(): boolean {
    return !this.ended && !this.closing;
  }

  /** Begins the read loop (called by the runtime's openSerial once the descriptor is configured). */
  start(): void {
    this.readNext();
  }

  onData(listener: (chunk: Uint8Array) => void): void {
    this.dataListener = listener;
    const early = this.early;
    this.early = [];
    for (const chunk of early) listener(chunk);
  }

  onClose(listener: (error?: SerialError) => void): void {
    this.closeListener = listener;
    if (this.ended) listener(this.endError);
  }

  write(data: Uint8Array): Promise<void> {
    if (!this.isOpen) return Promise.reject(new SerialError("gone", `${this.path} is closed`));
    return new Promise((resolve, reject) => {
      const step = (offset: number) => {
        write(this.fd, data, offset, data.length - offset, null, (err, n) => {
          if (err) {
            const e = this.failure(err);
            this.finish(e);
            reject(e);
          } else if (offset + n < data.length) step(offset + n);
          else resolve();
        });
      };
      step(0);
    });
  }

  close(): Promise<void> {
    this.closing = true;
    if (!this.ending) {
      this.ending = new Promise((resolve) => {
        this.wakeEnd = resolve;
      });
      if (!this.reading) this.finish();
    }
    return this.ending;
  }

  private readNext(): void {
    if (this.closing || this.ended) return this.finish();
    this.reading = true;
    const started = performance.now();
    read(this.fd, this.buf, 0, this.buf.length, null, (err, n) => {
      this.reading = false;
      if (this.closing) return this.finish();
      if (err) return this.finish(this.failure(err));
      if (n > 0) {
        this.fastEmpty = 0;
        const chunk = Uint8Array.from(this.buf.subarray(0, n));
        if (this.dataListener) this.dataListener(chunk);
        else this.early.push(chunk);
        return this.readNext();
      }
      // Nothing within VTIME: normal when idle. A tty that hung up answers at once, every time.
      this.fastEmpty = performance.now() - started < FAST_EMPTY_READ_MS ? this.fastEmpty + 1 : 0;
      if (this.fastEmpty >= 3) return this.finish(new SerialError("gone", `${this.path} hung up`));
      stat(this.path, (statErr) => {
        if (statErr && !this.closing) return this.finish(new SerialError("gone", `${this.path} went away`));
        this.readNext();
      });
    });
  }

  private failure(err: NodeJS.ErrnoException): SerialError {
    if (err.code && GONE_CODES.has(err.code)) return new SerialError("gone", `${this.path}: device went away (${err.code})`);
    return new SerialError("io", `${this.path}: ${err.message}`);
  }

  private finish(error?: SerialError): void {
    if (this.ended) return;
    if (this.reading) {
      // Let the pending read return (within VTIME) before the descriptor number can be reused.
      this.closing = true;
      if (error) this.endError ??= error;
      return;
    }
    this.ended = true;
    this.endError ??= error;
    try {
      this.release(this.fd);
    } catch {
      // already gone
    }
    this.closeListener?.(this.endError);
    this.wakeEnd?.();
    if (!this.ending) this.ending = Promise.resolve();
  }
}
