/**
 * `pn532:<tty>` (also `pn532_uart:` / `pn532uart:`): a PN532 over HSU, the common USB NFC reader. Detection
 * looks at USB serial ports from sysfs, never touches light guns (Sinden) or ports in use, probes the rest for
 * a PN532 within a time limit, and skips a port that answered like something else until it is replugged.
 * USB-serial chips PN532 boards ship with (CH340, CP2102, FT232, PL2303) or "NFC" strings are kept even when
 * the probe fails; failed opens are retried with growing delays.
 */
import { realpathSync } from "node:fs";
import { type Clock, systemClock } from "../../core/clock.ts";
import { log } from "../../log.ts";
import type { Runtime } from "../../runtime/types.ts";
import { SerialError } from "../../runtime/serial-types.ts";
import { OpenBackoff } from "../serial/backoff.ts";
import { nodeIdentity, serialReaderId } from "../serial/device-node.ts";
import { pacedOpen } from "../serial/paced-open.ts";
import { type HardwareRoots, listSerialCandidates, type SerialCandidate } from "../serial/sysfs.ts";
import type { ReaderDriver } from "../types.ts";
import { DEFAULT_TIMING, Pn532Reader, type Pn532Timing, startChip } from "./pn532-reader.ts";

const logger = log.withTag("pn532");
const BAUD = 115200;
const BLOCKED_VIDS = new Set(["16C0", "16D0"]);
const LIKELY_IDS = new Set(["067B:2303", "0403:6001", "10C4:EA60", "1A86:7523"]);
const LIKELY_WORDS = /pn532|nfc|rfid|13\.56/i;

export function likelyPn532(c: SerialCandidate): boolean {
  if (!c.usb) return false;
  return LIKELY_IDS.has(`${c.usb.vid}:${c.usb.pid}`) || LIKELY_WORDS.test(`${c.usb.manufacturer} ${c.usb.product}`);
}

function realPath(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

export interface Pn532DriverOptions {
  openSerial: Runtime["openSerial"];
  roots: HardwareRoots;
  timing?: Pn532Timing;
  probeMs?: number;
  /** Time for the retry pacing and the probe's time limit (the app's clock; tests: a manual one). */
  clock?: Clock;
}

export function pn532Driver(opts: Pn532DriverOptions): ReaderDriver {
  const timing = opts.timing ?? DEFAULT_TIMING;
  const clock = opts.clock ?? systemClock;
  const now = clock.now;
  const backoff = new OpenBackoff();
  /** Ports that answered like something else, with the node identity they had then. */
  const notPn532 = new Map<string, string>();

  const probe = async (path: string): Promise<true | Error> => {
    let port;
    try {
      port = await opts.openSerial(path, { baud: BAUD });
      await startChip(port, { ...timing, openMs: opts.probeMs ?? 2000 }, clock);
      return true;
    } catch (err) {
      return err as Error;
    } finally {
      await port?.close().catch(() => {});
    }
  };

  return {
    id: "pn532",
    names: ["pn532", "pn532uart"],
    autoDetect: true,
    create(path) {
      return new Pn532Reader({
        path,
        readerId: serialReaderId("pn532", path, opts.roots),
        timing,
        timers: clock,
        ...pacedOpen(backoff, path, () => opts.openSerial(path, { baud: BAUD }), now),
      });
    },
    async detect(exclude) {
      const found: string[] = [];
      const held = new Set([...exclude].map(realPath)); // the same port may be named through a link
      for (const c of listSerialCandidates(opts.roots)) {
        if (exclude.has(c.path) || held.has(realPath(c.path))) continue;
        if (c.usb && BLOCKED_VIDS.has(c.usb.vid)) continue;
        const node = nodeIdentity(c.path);
        if (notPn532.get(c.path) === node || backoff.blocked(c.path, node, now())) continue;
        notPn532.delete(c.path);
        const result = await probe(c.path);
        if (result === true) {
          found.push(c.path);
          continue;
        }
        if (result instanceof SerialError && result.kind === "busy") continue; // in use elsewhere: look again later
        if (likelyPn532(c)) {
          backoff.failed(c.path, node, result.message, now());
          found.push(c.path);
        } else {
          notPn532.set(c.path, node);
          logger.info(`${c.path}: no PN532 answered (${result.message}); not probed again until it is replugged`);
        }
      }
      return found;
    },
  };
}
