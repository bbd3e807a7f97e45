/**
 * `simpleserial:<tty>` (also `simple_serial:`): an Arduino-style device that prints `SCAN\t…` lines at 115200
 * baud while a token is present (scan-line.ts). A new UID or text is a scan; no line for a second is a
 * removal, so devices repeat the line while the token stays. Read-only; `removable=no` on a line drops the
 * `removable` capability. Not auto-detected (any serial device could be one), as in the reference.
 */
import { type Clock, systemClock } from "../../core/clock.ts";
import type { SerialPort } from "../../runtime/serial-types.ts";
import { OpenBackoff } from "../serial/backoff.ts";
import { serialReaderId } from "../serial/device-node.ts";
import { LineReader } from "../serial/line-reader.ts";
import { pacedOpen } from "../serial/paced-open.ts";
import type { HardwareRoots } from "../serial/sysfs.ts";
import type { ReaderCapability, ReaderDriver } from "../types.ts";
import { parseScanLine } from "./scan-line.ts";

/** No line for this long after the last one = the token was removed (the reference's 1 s). */
export const SIMPLESERIAL_REMOVE_MS = 1000;
const LF = new Set([0x0a]);
const MAX_LINE = 4096;

export class SimpleSerialReader extends LineReader {
  private removable = true;
  private current: { uid: string; text: string } | null = null;
  private timer: unknown = null;

  constructor(
    opts: ConstructorParameters<typeof LineReader>[0],
    private readonly removeAfterMs = SIMPLESERIAL_REMOVE_MS,
    /** The removal timer's clock (the app's; tests: a manual one). */
    private readonly timers: Pick<Clock, "set" | "clear"> = systemClock,
  ) {
    super(opts);
  }

  get capabilities(): readonly ReaderCapability[] {
    return this.removable ? ["removable"] : [];
  }

  hasToken(): boolean {
    return this.current !== null;
  }

  protected line(text: string): void {
    const scan = parseScanLine(text);
    if (!scan) return;
    if (scan.removable !== undefined) this.removable = scan.removable;
    const same = this.current && this.current.uid === scan.uid && this.current.text === scan.text;
    this.current = { uid: scan.uid, text: scan.text };
    if (this.timer !== null) this.timers.clear(this.timer);
    this.timer = this.timers.set(() => this.expire(), this.removeAfterMs);
    if (!same) this.events?.token({ type: "", uid: scan.uid, text: scan.text, data: scan.data });
  }

  private expire(): void {
    this.timer = null;
    if (!this.current) return;
    this.current = null;
    this.events?.removed();
  }

  protected ended(): void {
    if (this.timer !== null) this.timers.clear(this.timer);
    this.timer = null;
    this.current = null;
  }
}

export interface SimpleSerialDriverOptions {
  openSerial(path: string, options: { baud: 115200 }): Promise<SerialPort>;
  roots: HardwareRoots;
  removeAfterMs?: number;
  /** Time for the removal timer and the retry pacing (the app's clock). */
  clock?: Clock;
}

export function simpleSerialDriver(opts: SimpleSerialDriverOptions): ReaderDriver {
  const backoff = new OpenBackoff();
  const clock = opts.clock ?? systemClock;
  return {
    id: "simpleserial",
    names: ["simpleserial"],
    autoDetect: false,
    create: (path) =>
      new SimpleSerialReader(
        {
          driver: "simpleserial",
          path,
          readerId: serialReaderId("simpleserial", path, opts.roots),
          info: `Simple serial (simpleserial:${path})`,
          delimiters: LF,
          maxLine: MAX_LINE,
          ...pacedOpen(backoff, path, () => opts.openSerial(path, { baud: 115200 }), clock.now),
        },
        opts.removeAfterMs,
        clock,
      ),
  };
}
