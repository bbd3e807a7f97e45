/**
 * `rs232barcode:<tty>` (also `rs232_barcode:`): a serial barcode or QR scanner at 9600 8N1. Each CR- or
 * LF-ended line is one scan (trimmed; STX/ETX framing that POS-configured scanners add is stripped; lines
 * over 8 KiB are dropped): type `Barcode`, uid = text = data = the line. A barcode is never "removed" and
 * cannot be written, so the reader reports no capabilities. Not auto-detected, as in the reference.
 */
import type { Clock } from "../../core/clock.ts";
import type { SerialPort } from "../../runtime/serial-types.ts";
import { OpenBackoff } from "../serial/backoff.ts";
import { serialReaderId } from "../serial/device-node.ts";
import { LineReader } from "../serial/line-reader.ts";
import { pacedOpen } from "../serial/paced-open.ts";
import type { HardwareRoots } from "../serial/sysfs.ts";
import type { ReaderCapability, ReaderDriver } from "../types.ts";

const CR_LF = new Set([0x0d, 0x0a]);
/** QR code version 40 holds about 7 KB. */
const MAX_LINE = 8192;

/** The barcode a scanner line carries, or null for a blank line. */
export function barcodeOf(raw: string): string | null {
  let line = raw.trim();
  if (line.startsWith("\x02")) line = line.slice(1);
  if (line.endsWith("\x03")) line = line.slice(0, -1);
  return line === "" ? null : line;
}

export class BarcodeReader extends LineReader {
  readonly capabilities: readonly ReaderCapability[] = [];
  private scanned = false;

  hasToken(): boolean {
    return this.scanned;
  }

  protected line(text: string): void {
    const code = barcodeOf(text);
    if (code === null) return;
    this.scanned = true;
    this.events?.token({ type: "Barcode", uid: code, text: code, data: code });
  }

  protected ended(): void {
    this.scanned = false;
  }
}

export interface BarcodeDriverOptions {
  openSerial(path: string, options: { baud: 9600 }): Promise<SerialPort>;
  roots: HardwareRoots;
  /** Time for the retry pacing (the app's clock). */
  clock?: Pick<Clock, "now">;
}

export function rs232BarcodeDriver(opts: BarcodeDriverOptions): ReaderDriver {
  const backoff = new OpenBackoff();
  return {
    id: "rs232barcode",
    names: ["rs232barcode"],
    autoDetect: false,
    create: (path) =>
      new BarcodeReader({
        driver: "rs232barcode",
        path,
        readerId: serialReaderId("rs232barcode", path, opts.roots),
        info: `RS232 barcode scanner (rs232barcode:${path})`,
        delimiters: CR_LF,
        maxLine: MAX_LINE,
        ...pacedOpen(backoff, path, () => opts.openSerial(path, { baud: 9600 }), opts.clock?.now),
      }),
  };
}
