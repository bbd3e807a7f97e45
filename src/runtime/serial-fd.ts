/**
 * The runtime-neutral half of a serial port: a non-blocking tty descriptor already configured raw, whose
 * bytes arrive through the runtime's own readiness polling (epoll), so an idle port costs nothing and no pool
 * thread is parked on it. Each runtime supplies a ByteSource; writes go straight to the descriptor.
 */
import { writeSync } from "node:fs";
import { SerialError, type SerialPort } from "./serial-types.ts";

/** Delivers a descriptor's bytes as they arrive; `end` once, with null at end of file (a hung-up tty). */
export interface ByteSource {
  start(chunk: (bytes: Uint8Array) => void, end: (error: NodeJS.ErrnoException | null) => void): void;
  /** Stops reading and closes the descriptor. */
  stop(): Promise<void>;
}

const GONE_CODES = new Set(["EIO", "ENXIO", "ENODEV", "EBADF", "EPIPE"]);
/** How long a write may wait for room in a full output buffer. */
const WRITE_STALL_MS = 2000;

export class FdSerialPort implements SerialPort {
  private dataListener: ((chunk: Uint8Array) => void) | null = null;
  private closeListener: ((error?: SerialError) => void) | null = null;
  private early: Uint8Array[] = [];
  private ended = false;
  private endError: SerialError | undefined;
  private stopping: Promise<void> | null = null;

  constructor(
    private readonly fd: number,
    readonly path: string,
    private readonly source: ByteSource,
  ) {}

  get isOpen(): boolean {
    return !this.ended;
  }

  /** Begins reading (called by the runtime's openSerial once the descriptor is configured). */
  start(): void {
    this.source.start(
      (chunk) => {
        if (this.ended) return;
        if (this.dataListener) this.dataListener(chunk);
        else this.early.push(chunk);
      },
      (err) => void this.finish(err ? this.failure(err) : new SerialError("gone", `${this.path} hung up`)),
    );
  }

  onData(listener: (chunk: Uint8Array) => void): void {
    this.dataListener = listener;
    const early = this.early;
    this.early = [];
    for (const chunk of early) listener(chunk);
  }

  onClose(listener: (error?: SerialError) => void): void {
    this.closeListener = listener;
    if (this.ended && this.stopping) void this.stopping.then(() => listener(this.endError));
  }

  async write(data: Uint8Array): Promise<void> {
    let offset = 0;
    const deadline = Date.now() + WRITE_STALL_MS;
    while (offset < data.length) {
      if (this.ended) throw new SerialError("gone", `${this.path} is closed`);
      try {
        offset += writeSync(this.fd, data, offset, data.length - offset);
      } catch (err) {
        const e = err as NodeJS.ErrnoException;
        if (e.code === "EAGAIN" && Date.now() < deadline) {
          await new Promise((r) => setTimeout(r, 2));
          continue;
        }
        const failure = this.failure(e);
        await this.finish(failure);
        throw failure;
      }
    }
  }

  close(): Promise<void> {
    return this.finish();
  }

  private failure(err: NodeJS.ErrnoException): SerialError {
    if (err.code && GONE_CODES.has(err.code)) return new SerialError("gone", `${this.path}: device went away (${err.code})`);
    if (err.code === "EAGAIN") return new SerialError("io", `${this.path}: output stalled`);
    return new SerialError("io", `${this.path}: ${err.message}`);
  }

  private finish(error?: SerialError): Promise<void> {
    if (this.stopping) return this.stopping;
    this.ended = true;
    this.endError = error;
    this.stopping = this.source
      .stop()
      .catch(() => {})
      .then(() => this.closeListener?.(error));
    return this.stopping;
  }
}
