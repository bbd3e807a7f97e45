/**
 * One PC/SC reader (an ACR122U-class NFC reader, or vsmartcard's virtual one): reads the tag's UID and NDEF
 * text on insertion, reports removal, writes NDEF Text records.
 */
import { log } from "../../log.ts";
import type { PcscContext } from "../../runtime/types.ts";
import { readerIdFor } from "../reader-id.ts";
import { type Reader, type ReaderCapability, type ReaderEvents, ReaderWriteError, type TokenRead } from "../types.ts";
import type { PcscMonitor } from "./monitor.ts";
import { readToken, writeText } from "../type2/tag-io.ts";
import { pcscPages, type Transmit } from "./ntag.ts";
import { pcscCode, pcscErrorName } from "./scard.ts";

const logger = log.withTag("pcsc");

async function withCard<T>(ctx: PcscContext, reader: string, fn: (tx: Transmit) => Promise<T>): Promise<T> {
  const card = await ctx.connect(reader);
  try {
    return await fn((apdu) => card.transmit(apdu));
  } finally {
    await card.disconnect().catch(() => {});
  }
}

export class PcscReader implements Reader {
  readonly driver = "pcsc";
  readonly readerId: string;
  readonly info: string;
  readonly capabilities: readonly ReaderCapability[] = ["write", "removable"];
  private events: ReaderEvents | null = null;
  private unwatch: (() => void) | null = null;
  /** Counts insertions, so a read that finishes after its card left is dropped. */
  private insertion = 0;
  private reported = false;

  constructor(
    private readonly monitor: PcscMonitor,
    readonly path: string,
  ) {
    this.readerId = readerIdFor(this.driver, path);
    this.info = `PC/SC ${path}`;
  }

  connected(): boolean {
    return this.events !== null && this.monitor.hasReader(this.path);
  }

  hasToken(): boolean {
    return this.monitor.cardPresent(this.path);
  }

  async open(events: ReaderEvents): Promise<void> {
    await this.monitor.ensureStarted();
    if (!this.monitor.hasReader(this.path)) throw new Error(`PC/SC reader "${this.path}" is not present`);
    this.events = events;
    this.unwatch = this.monitor.watch(this.path, {
      inserted: () => this.read(),
      removed: () => {
        this.insertion++;
        if (!this.reported) return;
        this.reported = false;
        this.events?.removed();
      },
    });
    if (this.monitor.cardPresent(this.path)) this.read();
  }

  async close(): Promise<void> {
    this.unwatch?.();
    this.unwatch = null;
    this.events = null;
  }

  private read(): void {
    const mine = ++this.insertion;
    this.monitor
      .exec((ctx) => withCard(ctx, this.path, (tx) => readToken(pcscPages(tx))))
      .then((read) => {
        if (mine !== this.insertion || !this.events) return;
        if (read.note) logger.debug(`${this.path}: tag ${read.uid}: ${read.note}`);
        const { note: _, ...token } = read;
        this.reported = true;
        this.events.token(token as TokenRead);
      })
      .catch((err) => {
        if (mine !== this.insertion) return;
        logger.warn(`${this.path}: could not read the tag (${pcscCode(err) ? pcscErrorName(pcscCode(err)) : (err as Error).message})`);
      });
  }

  async write(text: string): Promise<void> {
    if (!this.monitor.cardPresent(this.path)) throw new ReaderWriteError("no-tag", `no tag on reader ${this.readerId}`);
    try {
      const { uid, pages } = await this.monitor.exec((ctx) => withCard(ctx, this.path, (tx) => writeText(pcscPages(tx), text)));
      logger.info(`${this.path}: wrote ${pages} pages to tag ${uid}`);
    } catch (err) {
      if (err instanceof ReaderWriteError) throw err;
      const code = pcscCode(err);
      throw new ReaderWriteError("failed", `write failed: ${code ? pcscErrorName(code) : (err as Error).message}`);
    }
  }
}
