/**
 * One PN532 on a serial port (HSU/UART, 115200 8N1), or on I2C/SPI through bus-port.ts. Detection costs no
 * polling on UART: InListPassiveTarget is sent with MxRtyPassiveActivation FF, so the chip itself waits for a
 * tag and answers the moment one enters the field (on a bus the host polls the chip's status byte meanwhile);
 * every few seconds the wait is cancelled (ACK) and re-armed, which doubles as a liveness check.
 * While a tag is present it is re-listed every 100 ms with a short retry budget; unseen for 300 ms = removed.
 */
import { type Clock, systemClock } from "../../core/clock.ts";
import { log } from "../../log.ts";
import type { SerialPort } from "../../runtime/types.ts";
import { type Reader, type ReaderCapability, type ReaderEvents, ReaderWriteError, type TokenRead } from "../types.ts";
import { CLASSIC_1K, CLASSIC_4K, readClassic } from "./classic.ts";
import { CMD, LIST_ONE_TYPE_A, maxRetries, parseFirmwareVersion, parseTypeATarget, SAM_NORMAL, tagFamily, type TypeATarget } from "./commands.ts";
import { Pn532Aborted, Pn532Link, type LinkTuning } from "./link.ts";
import { ntagPages, type TagContent } from "./ntag.ts";
import { toHex } from "../../core/bytes.ts";
import { type TagIo, tagIo } from "./tag-io.ts";
import { TagRefusedError } from "../type2/pages.ts";
import { readToken, writeText } from "../type2/tag-io.ts";

const logger = log.withTag("pn532");

export interface Pn532Timing {
  /** How long the chip waits for a tag before the wait is re-armed (liveness check). */
  rearmMs: number;
  /** Presence check period while a tag is on the reader. */
  presenceMs: number;
  /** A tag unseen this long has been removed. */
  removeAfterMs: number;
  /** Time allowed to wake the chip and configure it on open. */
  openMs: number;
  link?: LinkTuning;
}

export const DEFAULT_TIMING: Pn532Timing = { rearmMs: 5000, presenceMs: 100, removeAfterMs: 300, openMs: 5000 };

/**
 * Opens the port and brings the chip up (SAM configuration first, as the chip wants after LowVbat), within
 * `timing.openMs` on `timers` (the app's clock). The link's own ACK and answer time-outs stay real: they pace I/O.
 */
export async function startChip(port: SerialPort, timing: Pn532Timing, timers: Pick<Clock, "set" | "clear"> = systemClock): Promise<{ link: Pn532Link; firmware: string }> {
  const link = new Pn532Link(port, timing.link);
  link.start();
  const setup = (async () => {
    await link.command(CMD.SAMConfiguration, SAM_NORMAL);
    const fw = parseFirmwareVersion(await link.command(CMD.GetFirmwareVersion));
    if (fw.ic !== 0x32) throw new Error(`not a PN532 (IC 0x${fw.ic.toString(16)})`);
    return `${fw.version}.${fw.revision}`;
  })();
  let timer: unknown = null;
  const deadline = new Promise<never>((_, reject) => {
    timer = timers.set(() => reject(new Error(`no PN532 answered within ${timing.openMs} ms`)), timing.openMs);
  });
  setup.catch(() => {});
  const firmware = await Promise.race([setup, deadline]).finally(() => timers.clear(timer));
  return { link, firmware };
}

type Mode = "wait" | "presence";

export interface Pn532ReaderOptions {
  path: string;
  readerId: string;
  /** Connection-string name shown in `info`: pn532uart (default), pn532i2c, pn532spi. */
  label?: string;
  openPort(): Promise<SerialPort>;
  timing?: Pn532Timing;
  /** Timers for the open's time limit (the app's clock). */
  timers?: Pick<Clock, "set" | "clear">;
  /** Reports open failures and successes (the driver's retry pacing). */
  onOpenResult?(error: Error | null): void;
}

export class Pn532Reader implements Reader {
  readonly driver = "pn532";
  readonly capabilities: readonly ReaderCapability[] = ["write", "removable"];
  readonly path: string;
  readonly readerId: string;
  readonly info: string;
  private port: SerialPort | null = null;
  private link: Pn532Link | null = null;
  private events: ReaderEvents | null = null;
  private alive = false;
  private closed = false;
  private mode: Mode | null = null;
  private rearm: AbortController | null = null;
  private target: TypeATarget | null = null;
  private reported = false;
  private lock: Promise<unknown> = Promise.resolve();
  private loopDone: Promise<void> = Promise.resolve();
  private readonly timing: Pn532Timing;

  constructor(private readonly opts: Pn532ReaderOptions) {
    this.path = opts.path;
    this.readerId = opts.readerId;
    this.info = `PN532 (${opts.label ?? "pn532uart"}:${opts.path})`;
    this.timing = opts.timing ?? DEFAULT_TIMING;
  }

  connected(): boolean {
    return this.alive;
  }

  hasToken(): boolean {
    return this.target !== null && this.reported;
  }

  async open(events: ReaderEvents): Promise<void> {
    try {
      this.port = await this.opts.openPort();
      const { link, firmware } = await startChip(this.port, this.timing, this.opts.timers);
      this.link = link;
      logger.info(`${this.path}: PN532 firmware ${firmware} ready`);
    } catch (err) {
      await this.port?.close().catch(() => {});
      this.port = null;
      this.opts.onOpenResult?.(err as Error);
      throw err;
    }
    this.opts.onOpenResult?.(null);
    this.events = events;
    this.alive = true;
    this.port.onClose((err) => {
      if (!this.closed && this.alive) logger.warn(err ? err.message : `${this.path}: port closed`);
      this.alive = false;
      this.rearm?.abort();
    });
    this.loopDone = this.loop();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.rearm?.abort();
    await this.loopDone;
    await this.port?.close();
    this.alive = false;
    this.events = null;
  }

  async write(text: string): Promise<void> {
    const target = this.target;
    const link = this.link;
    if (!target || !link || !this.alive) throw new ReaderWriteError("no-tag", `no tag on reader ${this.readerId}`);
    if (tagFamily(target) !== "ntag") throw new ReaderWriteError("unsupported", `writing is supported on NTAG tags only (this one has SAK 0x${target.sak.toString(16)})`);
    const { pages } = await this.exclusive(() => writeText(ntagPages(tagIo(link, target.tg), target.uid), text));
    logger.info(`${this.path}: wrote ${pages} pages to tag ${toHex(target.uid)}`);
  }

  /** Runs tag work so that no presence check re-selects the tag in between. */
  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.lock.then(fn);
    this.lock = run.catch(() => undefined);
    return run;
  }

  private async setMode(mode: Mode): Promise<void> {
    if (this.mode === mode) return;
    await this.link!.command(CMD.RFConfiguration, maxRetries(mode === "wait" ? 0xff : 0x02));
    this.mode = mode;
  }

  private async loop(): Promise<void> {
    try {
      while (!this.closed && this.alive) {
        const target = await this.waitForTag();
        if (target) await this.whilePresent(target);
      }
    } catch (err) {
      if (this.closed || !this.alive) return;
      logger.warn(`${this.path}: reader failed: ${(err as Error).message}`);
      this.alive = false;
    }
  }

  private async waitForTag(): Promise<TypeATarget | null> {
    await this.setMode("wait");
    const ac = new AbortController();
    this.rearm = ac;
    if (this.closed || !this.alive) return null;
    const timer = setTimeout(() => ac.abort(), this.timing.rearmMs);
    try {
      return parseTypeATarget(await this.link!.command(CMD.InListPassiveTarget, LIST_ONE_TYPE_A, { signal: ac.signal }));
    } catch (err) {
      if (err instanceof Pn532Aborted) return null;
      throw err;
    } finally {
      clearTimeout(timer);
      this.rearm = null;
    }
  }

  private async list(): Promise<TypeATarget | null> {
    return parseTypeATarget(await this.link!.command(CMD.InListPassiveTarget, LIST_ONE_TYPE_A));
  }

  private async whilePresent(first: TypeATarget): Promise<void> {
    await this.arrived(first);
    await this.setMode("presence");
    let lastSeen = performance.now();
    while (!this.closed && this.alive) {
      await this.sleep(this.timing.presenceMs);
      if (this.closed || !this.alive) return;
      const seen = await this.exclusive(() => this.list());
      if (seen && toHex(seen.uid) === toHex(this.target?.uid ?? new Uint8Array())) {
        this.target = seen;
        lastSeen = performance.now();
        continue;
      }
      if (seen) {
        await this.arrived(seen); // a different tag without a gap: a new scan
        lastSeen = performance.now();
        continue;
      }
      if (performance.now() - lastSeen < this.timing.removeAfterMs) continue;
      this.target = null;
      if (this.reported) {
        this.reported = false;
        this.events?.removed();
      }
      return;
    }
  }

  private async arrived(target: TypeATarget): Promise<void> {
    this.target = target;
    const uid = toHex(target.uid);
    const content = await this.exclusive(() => this.readContent(target)).catch((err) => {
      if (!(err instanceof TagRefusedError)) throw err;
      return { type: "nfc", text: "", data: "", note: `could not read the tag: ${err.message}` } satisfies TagContent;
    });
    if (content.note) logger.debug(`${this.path}: tag ${uid}: ${content.note}`);
    const read: TokenRead = { type: content.type, uid, text: content.text, data: content.data };
    this.reported = true;
    this.events?.token(read);
  }

  private readContent(target: TypeATarget): Promise<TagContent> {
    const io: TagIo = tagIo(this.link!, target.tg);
    const family = tagFamily(target);
    if (family === "ntag") return readToken(ntagPages(io, target.uid));
    if (family === "mifare_classic_1k" || family === "mifare_classic_4k") {
      const reselect = async () => {
        await this.list();
      };
      return readClassic(io, target.uid, reselect, family === "mifare_classic_1k" ? CLASSIC_1K : CLASSIC_4K);
    }
    return Promise.resolve({ type: "nfc", text: "", data: "", note: `tag with SAK 0x${target.sak.toString(16)} is not read` });
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((r) => setTimeout(r, ms));
  }
}
