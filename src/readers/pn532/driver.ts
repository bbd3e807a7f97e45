/**
 * `pn532:<device>` (also `pn532_uart:`, `pn532_i2c:`, `pn532_spi:`): a PN532 over HSU (the common USB NFC
 * reader), I2C (`/dev/i2c-N`) or SPI (`/dev/spidevB.C`, Raspberry Pi HATs). Detection is UART only and never
 * writes to a port it cannot identify from sysfs: only USB-serial chips PN532 boards ship with (CH340,
 * CP2102, FT232, PL2303) or "NFC" strings are probed, within a time limit each; anything else (displays,
 * light guns, controller adapters, modems, on-board UARTs) is left alone unless `readers.probe_unknown_ports`
 * opts in, and a port that answered like something else (a tty2oled display's `ttyack;` even on a PN532 board's
 * chip) is skipped until it is replugged. Failed opens are
 * retried with growing delays.
 */
import { realpathSync } from "node:fs";
import { type Clock, systemClock } from "../../core/clock.ts";
import { log } from "../../log.ts";
import type { Runtime } from "../../runtime/types.ts";
import { SerialError } from "../../runtime/serial-types.ts";
import { OpenBackoff } from "../serial/backoff.ts";
import { nodeIdentity, serialReaderId } from "../serial/device-node.ts";
import { pacedOpen } from "../serial/paced-open.ts";
import { tapIncoming } from "../serial/tap.ts";
import { isDisplayAnswer } from "../../core/tty2oled/protocol.ts";
import { type HardwareRoots, listSerialCandidates, type SerialCandidate } from "../serial/sysfs.ts";
import type { ReaderDriver } from "../types.ts";
import { DEFAULT_TIMING, Pn532Reader, type Pn532Timing, startChip } from "./pn532-reader.ts";
import { type BusOpeners, openBusPort, transportFor, transportLabel } from "./transport.ts";

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
  /** I2C and SPI devices (absent where the runtime cannot make ioctl calls). */
  bus?: BusOpeners;
  /** Opt-in (`readers.probe_unknown_ports`): probe serial ports sysfs cannot name as a PN532's USB chip too. */
  probeUnknownPorts?: () => boolean;
}

/** The probe heard a tty2oled display (its `ttyack;` / `ttyrdy;` / `HW…;`), not a PN532. */
class DisplayAnswered extends Error {
  constructor() {
    super("answered like a tty2oled display; left alone until it is replugged");
  }
}

function describe(c: SerialCandidate): string {
  if (!c.usb) return "on-board UART";
  const words = `${c.usb.manufacturer} ${c.usb.product}`.trim();
  return `${c.usb.vid}:${c.usb.pid}${words ? ` ${words}` : ""}`;
}

export function pn532Driver(opts: Pn532DriverOptions): ReaderDriver {
  const timing = opts.timing ?? DEFAULT_TIMING;
  const clock = opts.clock ?? systemClock;
  const now = clock.now;
  const backoff = new OpenBackoff();
  /** Ports that answered like something else, with the node identity they had then. */
  const notPn532 = new Map<string, string>();
  /** Ports left alone because sysfs does not name them as a reader's, with their node identity (told once). */
  const unknown = new Map<string, string>();

  const probe = async (path: string): Promise<true | Error> => {
    let port;
    let heard = "";
    try {
      port = await opts.openSerial(path, { baud: BAUD });
      const tapped = tapIncoming(port, (chunk) => (heard = (heard + new TextDecoder("latin1").decode(chunk)).slice(-256)));
      await startChip(tapped, { ...timing, openMs: opts.probeMs ?? 2000 }, clock);
      return true;
    } catch (err) {
      return isDisplayAnswer(heard) ? new DisplayAnswered() : (err as Error);
    } finally {
      await port?.close().catch(() => {});
    }
  };

  return {
    id: "pn532",
    names: ["pn532", "pn532uart", "pn532i2c", "pn532spi"],
    autoDetect: true,
    create(path, options) {
      const transport = transportFor(path, options?.transport);
      const open = () => (transport === "uart" ? opts.openSerial(path, { baud: BAUD }) : openBusPort(transport, path, opts.bus ?? {}));
      return new Pn532Reader({
        path,
        readerId: serialReaderId("pn532", path, opts.roots),
        label: transportLabel(transport),
        timing,
        timers: clock,
        ...pacedOpen(backoff, path, open, now),
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
        if (!likelyPn532(c) && !opts.probeUnknownPorts?.()) {
          if (unknown.get(c.path) !== node) logger.info(`${c.path} (${describe(c)}) not probed: not a USB chip PN532 boards use; name it in [[readers.connect]] or set readers.probe_unknown_ports`);
          unknown.set(c.path, node);
          continue;
        }
        const started = performance.now();
        const result = await probe(c.path);
        logger.info(`${c.path} (${describe(c)}) probed in ${Math.round(performance.now() - started)} ms: ${result === true ? "PN532 found" : result.message}`);
        if (result === true) {
          found.push(c.path);
          continue;
        }
        if (result instanceof SerialError && result.kind === "busy") continue; // in use elsewhere: look again later
        if (result instanceof DisplayAnswered) {
          notPn532.set(c.path, node); // a tty2oled display, even on a PN532 board's USB chip: never probed again until replugged
          continue;
        }
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
