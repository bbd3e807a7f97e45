/**
 * `tty2oled:<device>`: the tty2oled display (src/readers/tty2oled/tty2oled-reader.ts). Off unless named in
 * `[[readers.connect]]`: with a path it opens that port; as `driver = "tty2oled"` with no path it finds the
 * display by the reference's handshake, sending `CMDHWINF` to each USB serial port no reader holds and keeping
 * the one that answers like a display (a port that answered otherwise is not asked again until replugged).
 * Entries come before the detection of other drivers in each pass, so a display found is then held and no
 * other driver's detection probes it.
 */
import { realpathSync } from "node:fs";
import { type Clock, systemClock } from "../../core/clock.ts";
import { CMD_HARDWARE_INFO, commandBytes, isDisplayAnswer, TTY2OLED_BAUD } from "../../core/tty2oled/protocol.ts";
import { log } from "../../log.ts";
import type { Runtime, SerialPort } from "../../runtime/types.ts";
import { OpenBackoff } from "../serial/backoff.ts";
import { nodeIdentity, serialReaderId } from "../serial/device-node.ts";
import { pacedOpen } from "../serial/paced-open.ts";
import { type HardwareRoots, listSerialCandidates } from "../serial/sysfs.ts";
import type { ReaderDriver } from "../types.ts";
import type { DisplayMedia, MediaFeed } from "./media-feed.ts";
import type { PictureStore } from "./picture-store.ts";
import { type DisplayPauses, Tty2oledReader } from "./tty2oled-reader.ts";

const logger = log.withTag("tty2oled");
/** Light guns (Sinden) are never written to. */
const BLOCKED_VIDS = new Set(["16C0", "16D0"]);
/** How long a port may take to answer `CMDHWINF` (the reference reads for 500 ms). */
export const HANDSHAKE_ANSWER_MS = 500;

export interface Tty2oledDriverOptions {
  openSerial: Runtime["openSerial"];
  roots: HardwareRoots;
  pictures: PictureStore;
  media: MediaFeed;
  platformPicture?(media: DisplayMedia): string;
  pauses?: DisplayPauses;
  clock?: Clock;
  answerMs?: number;
}

function realPath(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

export function tty2oledDriver(opts: Tty2oledDriverOptions): ReaderDriver {
  const clock = opts.clock ?? systemClock;
  const backoff = new OpenBackoff();
  /** Ports that did not answer like a display, with the node identity they had then. */
  const notDisplay = new Map<string, string>();

  /** Sends `CMDHWINF` and waits up to answerMs for a display's answer. */
  const handshake = async (path: string): Promise<boolean | Error> => {
    let port: SerialPort | undefined;
    try {
      port = await opts.openSerial(path, { baud: TTY2OLED_BAUD });
      let text = "";
      const answered = new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), opts.answerMs ?? HANDSHAKE_ANSWER_MS);
        port!.onData((chunk: Uint8Array) => {
          text = (text + new TextDecoder().decode(chunk)).slice(-256);
          if (isDisplayAnswer(text)) {
            clearTimeout(timer);
            resolve(true);
          }
        });
      });
      await port.write(commandBytes(CMD_HARDWARE_INFO));
      return await answered;
    } catch (err) {
      return err as Error;
    } finally {
      await port?.close().catch(() => {});
    }
  };

  return {
    id: "tty2oled",
    names: ["tty2oled"],
    autoDetect: false, // off by default, as the reference's: named in [[readers.connect]] to be used
    create(path) {
      return new Tty2oledReader({
        path,
        readerId: serialReaderId("tty2oled", path, opts.roots),
        pictures: opts.pictures,
        media: opts.media,
        ...(opts.platformPicture ? { platformPicture: opts.platformPicture } : {}),
        ...(opts.pauses ? { pauses: opts.pauses } : {}),
        unixSeconds: () => clock.now() / 1000,
        ...pacedOpen(backoff, path, () => opts.openSerial(path, { baud: TTY2OLED_BAUD }), clock.now),
      });
    },
    async detect(exclude) {
      const held = new Set([...exclude].map(realPath));
      for (const c of listSerialCandidates(opts.roots)) {
        if (!c.usb || BLOCKED_VIDS.has(c.usb.vid)) continue; // displays are on USB; on-board UARTs are left alone
        if (exclude.has(c.path) || held.has(realPath(c.path))) continue;
        const node = nodeIdentity(c.path);
        if (notDisplay.get(c.path) === node) continue;
        notDisplay.delete(c.path);
        const result = await handshake(c.path);
        if (result === true) {
          logger.info(`${c.path}: a tty2oled display answered the handshake`);
          return [c.path];
        }
        if (result instanceof Error) {
          logger.debug(`${c.path}: handshake not sent (${result.message})`);
          continue; // busy or gone: look again later
        }
        notDisplay.set(c.path, node);
        logger.info(`${c.path}: no tty2oled answer; not asked again until it is replugged`);
      }
      return [];
    },
  };
}
