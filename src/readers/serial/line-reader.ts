/**
 * The shared half of readers that stream text lines over a serial port (simpleserial, rs232barcode): opens the
 * port at the driver's baud rate, splits the byte stream into lines with a length cap, and hands each line to
 * the driver. A port that fails or vanishes marks the reader disconnected; the manager then drops it and opens
 * it again on a later pass (paced by the driver's OpenBackoff).
 */
import { log } from "../../log.ts";
import type { SerialPort } from "../../runtime/serial-types.ts";
import type { Reader, ReaderCapability, ReaderEvents } from "../types.ts";

const logger = log.withTag("serial");

/** Splits bytes into lines at any of `delimiters`; a line longer than `maxLine` is dropped up to its end. */
export class LineSplitter {
  private buf: number[] = [];
  private dropping = false;
  private readonly decoder = new TextDecoder();

  constructor(
    private readonly delimiters: ReadonlySet<number>,
    private readonly maxLine: number,
    private readonly onOverflow?: () => void,
  ) {}

  push(chunk: Uint8Array): string[] {
    const lines: string[] = [];
    for (const b of chunk) {
      if (this.delimiters.has(b)) {
        if (!this.dropping) lines.push(this.decoder.decode(Uint8Array.from(this.buf)));
        this.buf = [];
        this.dropping = false;
        continue;
      }
      if (this.dropping) continue;
      if (this.buf.length >= this.maxLine) {
        this.buf = [];
        this.dropping = true;
        this.onOverflow?.();
        continue;
      }
      this.buf.push(b);
    }
    return lines;
  }
}

export interface LineReaderOptions {
  driver: string;
  path: string;
  readerId: string;
  info: string;
  openPort(): Promise<SerialPort>;
  /** Reports open failures and successes (the driver's retry pacing). */
  onOpenResult?(error: Error | null): void;
  delimiters: ReadonlySet<number>;
  maxLine: number;
}

export abstract class LineReader implements Reader {
  readonly driver: string;
  readonly path: string;
  readonly readerId: string;
  readonly info: string;
  abstract readonly capabilities: readonly ReaderCapability[];
  protected events: ReaderEvents | null = null;
  private port: SerialPort | null = null;
  private alive = false;
  private closed = false;

  constructor(private readonly opts: LineReaderOptions) {
    this.driver = opts.driver;
    this.path = opts.path;
    this.readerId = opts.readerId;
    this.info = opts.info;
  }

  /** One complete line, without its delimiter. */
  protected abstract line(text: string): void;
  abstract hasToken(): boolean;
  /** The port ended (failure or close): drop timers and state. */
  protected abstract ended(): void;

  connected(): boolean {
    return this.alive;
  }

  async open(events: ReaderEvents): Promise<void> {
    let port: SerialPort;
    try {
      port = await this.opts.openPort();
    } catch (err) {
      this.opts.onOpenResult?.(err as Error);
      throw err;
    }
    this.opts.onOpenResult?.(null);
    this.port = port;
    this.events = events;
    this.alive = true;
    const splitter = new LineSplitter(this.opts.delimiters, this.opts.maxLine, () => logger.warn(`${this.path}: line longer than ${this.opts.maxLine} bytes dropped`));
    port.onData((chunk) => {
      for (const l of splitter.push(chunk)) if (this.alive) this.line(l);
    });
    port.onClose((err) => {
      if (!this.closed && this.alive) logger.warn(err ? err.message : `${this.path}: port closed`);
      this.alive = false;
      this.ended();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    this.alive = false;
    this.ended();
    await this.port?.close();
    this.events = null;
  }
}

