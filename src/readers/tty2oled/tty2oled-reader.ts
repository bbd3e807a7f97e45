/**
 * A tty2oled display on a serial port: not a reader of tokens but a device the reader manager keeps (found,
 * opened, dropped when unplugged, reopened), with the `display` capability. On open it sends the reference's
 * start-up commands (the logo then stays up 4 s before the first picture); then it shows each media change: the core picture (`CMDCOR,<name>,<transition>` and the
 * picture's bytes) when one is on disk, else the system id as text, then fetches a better picture if one is
 * missing; `CMDCLS` when nothing plays. Changes that arrive while one is being shown collapse to the latest.
 */
import { coreCommand, CMD_CLEAR, COMMAND_PAUSE_MS, commandBytes, LOGO_PAUSE_MS, openCommands } from "../../core/tty2oled/protocol.ts";
import { pictureNames } from "../../core/tty2oled/pictures.ts";
import { log } from "../../log.ts";
import type { SerialPort } from "../../runtime/types.ts";
import type { Reader, ReaderCapability, ReaderEvents } from "../types.ts";
import type { DisplayMedia, MediaFeed } from "./media-feed.ts";
import type { Picture, PictureStore } from "./picture-store.ts";

const logger = log.withTag("tty2oled");

export interface DisplayPauses {
  /** After each command (the display reads slowly). */
  commandMs: number;
  /** After the logo on open. */
  logoMs: number;
}

export const DEFAULT_PAUSES: DisplayPauses = { commandMs: COMMAND_PAUSE_MS, logoMs: LOGO_PAUSE_MS };

export interface Tty2oledReaderOptions {
  path: string;
  readerId: string;
  openPort(): Promise<SerialPort>;
  onOpenResult?(error: Error | null): void;
  pictures: PictureStore;
  media: MediaFeed;
  /** The platform's own picture name for the media (MiSTer: an arcade game's set name), or "". */
  platformPicture?(media: DisplayMedia): string;
  pauses?: DisplayPauses;
  /** Unix seconds for the display's clock. */
  unixSeconds?(): number;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export class Tty2oledReader implements Reader {
  readonly driver = "tty2oled";
  readonly capabilities: readonly ReaderCapability[] = ["display", "removable"];
  readonly path: string;
  readonly readerId: string;
  readonly info: string;
  private port: SerialPort | null = null;
  private alive = false;
  private unsubscribe: (() => void) | null = null;
  /** What the display was last asked to show (system, name and path), so a repeat is not sent again. */
  private shownKey: string | null | undefined = undefined;
  private pending: { media: DisplayMedia | null } | null = null;
  private running: Promise<void> | null = null;
  private logo: Promise<void> = Promise.resolve();
  private readonly pauses: DisplayPauses;

  constructor(private readonly opts: Tty2oledReaderOptions) {
    this.path = opts.path;
    this.readerId = opts.readerId;
    this.info = `tty2oled (${opts.path})`;
    this.pauses = opts.pauses ?? DEFAULT_PAUSES;
  }

  connected(): boolean {
    return this.alive;
  }

  hasToken(): boolean {
    return false;
  }

  async open(_events: ReaderEvents): Promise<void> {
    try {
      this.port = await this.opts.openPort();
      this.port.onData(() => {}); // the display's acknowledgements (ttyack;) are not needed
      const now = this.opts.unixSeconds?.() ?? Date.now() / 1000;
      for (const command of openCommands(now)) await this.send(command);
    } catch (err) {
      await this.port?.close().catch(() => {});
      this.port = null;
      this.opts.onOpenResult?.(err as Error);
      throw err;
    }
    this.opts.onOpenResult?.(null);
    // The logo stays up a moment before the first picture; the reader manager need not wait for it.
    this.logo = sleep(this.pauses.logoMs);
    this.alive = true;
    this.port.onClose((err) => {
      if (this.alive) logger.warn(err ? `${this.path}: ${err.message}` : `${this.path}: port closed`);
      this.alive = false;
    });
    logger.info(`${this.path}: tty2oled display ready`);
    this.unsubscribe = this.opts.media.subscribe((media) => this.show(media));
    const now = this.opts.media.current();
    if (now) this.show(now);
  }

  async close(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.alive = false;
    this.pending = null;
    await this.running;
    await this.port?.close();
    this.port = null;
  }

  /** Asks the display to show `media` (null: nothing plays); only the latest waiting change is kept. */
  private show(media: DisplayMedia | null): void {
    const key = media && media.systemId !== "" ? `${media.systemId}\0${media.name}\0${media.path}` : null;
    if (key === this.shownKey) return;
    this.shownKey = key;
    this.pending = { media };
    this.running ??= this.drain().finally(() => (this.running = null));
  }

  private async drain(): Promise<void> {
    await this.logo; // also lets media.stopped and the media.started replacing it arrive: only the second is shown
    while (this.pending && this.alive) {
      const { media } = this.pending;
      this.pending = null;
      try {
        await this.display(media);
      } catch (err) {
        logger.warn(`${this.path}: could not update the display: ${(err as Error).message}`);
      }
    }
  }

  private async display(media: DisplayMedia | null): Promise<void> {
    if (!media || media.systemId === "") return this.send(CMD_CLEAR);
    const names = pictureNames({ systemId: media.systemId, platformPicture: this.opts.platformPicture?.(media) ?? "" });
    // The best picture on disk is shown at once; a better one is fetched after, then replaces it.
    let fallback: Picture | null = null;
    let better = names.length;
    for (const [i, name] of names.entries()) {
      const found = this.opts.pictures.onDisk(name);
      if (!found) continue;
      if (i === 0) return this.sendPicture(found);
      fallback = found;
      better = i;
      break;
    }
    if (fallback) await this.sendPicture(fallback);
    else {
      await this.send(CMD_CLEAR);
      await this.send(media.systemId);
    }
    for (const name of names.slice(0, better)) {
      const fetched = await this.opts.pictures.fetch(name);
      if (!fetched) continue;
      if (this.pending || !this.alive) return; // the media changed meanwhile: the newer change wins
      return this.sendPicture(fetched);
    }
  }

  private async sendPicture(picture: Picture): Promise<void> {
    await this.send(coreCommand(picture.name));
    await this.writeBytes(picture.bytes);
    await sleep(this.pauses.commandMs);
  }

  private async send(command: string): Promise<void> {
    await this.writeBytes(commandBytes(command));
    await sleep(this.pauses.commandMs);
  }

  private async writeBytes(bytes: Uint8Array): Promise<void> {
    if (!this.port) throw new Error("port not open");
    await this.port.write(bytes);
  }
}
