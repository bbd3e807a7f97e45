/**
 * Serial hot-plug: tells the reader manager the moment a tty node comes or goes. On the real root the kernel's
 * uevents say so (a NETLINK_KOBJECT_UEVENT socket through the runtime seam), and udev's repeat of each once it
 * has set the node's owner and mode (a first probe refused for permissions is then retried at once, the node's
 * identity having changed); where that socket cannot be had
 * (Node, a sandbox) and on a fake root (tests: uevents describe the real machine, not the fake tree), the tty
 * list in sysfs is read every `pollMs` and compared instead, on the app's clock.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import type { Clock } from "../core/clock.ts";
import { parseUevent, type TtyChange, ttyChange, ttyListingChanges } from "../core/uevent.ts";
import { splitUevents } from "../core/uevent-batch.ts";
import { log } from "../log.ts";
import type { Runtime } from "../runtime/types.ts";
import type { HardwareRoots } from "./serial/sysfs.ts";

const logger = log.withTag("readers");

/** How often the tty list is compared where no uevents arrive. */
export const HOTPLUG_POLL_MS = 250;

export interface DeviceChange {
  /** "rescan": changes were missed (the kernel dropped messages); look at everything again. */
  action: "add" | "remove" | "rescan";
  /** The device node, under the roots' /dev ("" for a rescan). */
  path: string;
  /** Where the news came from. */
  via: "uevent" | "poll";
  /** performance.now() when it arrived (hot-plug latency in the log). */
  at: number;
}

export interface HotplugOptions {
  /** `watchUevents` of the runtime, if it has one. */
  uevents?: Runtime["watchUevents"];
  roots: HardwareRoots;
  /** The roots are the machine's own (`/`): only then do uevents describe them. */
  liveRoot: boolean;
  clock: Pick<Clock, "set" | "clear">;
  pollMs?: number;
}

export interface HotplugWatch {
  /** "uevent" or "poll": how changes are being found now. */
  readonly mode: () => "uevent" | "poll";
  close(): Promise<void>;
}

function ttyNames(roots: HardwareRoots): Set<string> {
  try {
    return new Set(readdirSync(join(roots.sys, "class", "tty")));
  } catch {
    return new Set();
  }
}

export function watchSerialHotplug(opts: HotplugOptions, onChange: (c: DeviceChange) => void): HotplugWatch {
  const pollMs = opts.pollMs ?? HOTPLUG_POLL_MS;
  let closed = false;
  let mode: "uevent" | "poll" = "poll";
  let timer: unknown = null;
  let uevents: { close(): Promise<void> } | null = null;
  const emit = (c: TtyChange | null, via: DeviceChange["via"]) => {
    if (closed) return;
    onChange(c ? { action: c.action, path: join(opts.roots.dev, c.name), via, at: performance.now() } : { action: "rescan", path: "", via, at: performance.now() });
  };

  let known = new Set<string>();
  const poll = () => {
    timer = null;
    if (closed) return;
    const now = ttyNames(opts.roots);
    const changes = ttyListingChanges(known, now);
    known = now;
    for (const c of changes) emit(c, "poll");
    timer = opts.clock.set(poll, pollMs);
  };
  const startPolling = (why: string) => {
    if (closed || timer !== null) return;
    mode = "poll";
    logger.info(`hot-plug: serial ports are looked at every ${pollMs} ms (${why})`);
    known = ttyNames(opts.roots);
    timer = opts.clock.set(poll, pollMs);
  };

  if (opts.liveRoot && opts.uevents) {
    mode = "uevent";
    uevents = opts.uevents({
      message: (bytes) => {
        for (const message of splitUevents(bytes)) {
          const ev = parseUevent(message);
          const change = ev && ttyChange(ev);
          if (change) emit(change, "uevent");
        }
      },
      overrun: () => emit(null, "uevent"),
      failed: (reason) => {
        uevents = null;
        startPolling(`no kernel uevents: ${reason}`);
      },
    });
    if (uevents) logger.info("hot-plug: listening to kernel uevents");
  } else {
    startPolling(opts.liveRoot ? "this runtime cannot open a uevent socket" : "not the machine's own root");
  }

  return {
    mode: () => mode,
    async close() {
      closed = true;
      if (timer !== null) opts.clock.clear(timer);
      timer = null;
      await uevents?.close();
      uevents = null;
    },
  };
}
