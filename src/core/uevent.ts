/**
 * Kernel uevents as they arrive on a NETLINK_KOBJECT_UEVENT socket (multicast group 1): a header line
 * `ACTION@DEVPATH`, then NUL-separated `KEY=VALUE` fields (ACTION, DEVPATH, SUBSYSTEM, SEQNUM, and for device
 * nodes DEVNAME relative to /dev, MAJOR, MINOR). udev's re-broadcasts (group 2) start with `libudev\0` and a
 * binary header; they are not what we listen to and are refused here, as is anything else malformed.
 * Pure: bytes in, a plain record out.
 */

export interface Uevent {
  action: string;
  devpath: string;
  subsystem: string;
  /** Device node relative to /dev (`ttyUSB0`, `bus/usb/001/004`); "" when the device has none. */
  devname: string;
  seqnum: number | null;
  fields: Readonly<Record<string, string>>;
}

/** A kernel message is at most a few kilobytes (UEVENT_BUFFER_SIZE 2048); more is not a uevent. */
export const UEVENT_MAX_BYTES = 8192;

const HEADER = /^[a-z]+@\//;
const KEY = /^[A-Z0-9_]+$/;

export function parseUevent(bytes: Uint8Array): Uevent | null {
  if (bytes.length === 0 || bytes.length > UEVENT_MAX_BYTES) return null;
  const text = new TextDecoder("utf-8", { fatal: false }).decode(bytes);
  const parts = text.split("\0");
  const header = parts[0] ?? "";
  if (!HEADER.test(header)) return null; // also refuses udev's "libudev" messages
  const fields: Record<string, string> = Object.create(null);
  for (const part of parts.slice(1)) {
    const eq = part.indexOf("=");
    if (eq <= 0) continue;
    const key = part.slice(0, eq);
    if (KEY.test(key)) fields[key] = part.slice(eq + 1);
  }
  const at = header.indexOf("@");
  const action = fields.ACTION ?? header.slice(0, at);
  const devpath = fields.DEVPATH ?? header.slice(at + 1);
  if (action !== header.slice(0, at) || devpath !== header.slice(at + 1)) return null; // header and fields disagree
  const devname = fields.DEVNAME ?? "";
  if (devname.split("/").some((s) => s === ".." || s === ".")) return null;
  const seq = Number(fields.SEQNUM);
  return { action, devpath, subsystem: fields.SUBSYSTEM ?? "", devname, seqnum: Number.isSafeInteger(seq) ? seq : null, fields };
}

/** A serial device node that came or went. */
export interface TtyChange {
  action: "add" | "remove";
  /** Node name under /dev, e.g. `ttyUSB0`. */
  name: string;
}

/** Virtual consoles, ptys and the like never carry a reader. */
const NOT_A_PORT = /^(tty\d*|console|ptmx|pts\/.*|tty[a-ep-z][0-9a-f])$/;

/** The tty node an event adds or removes (serial adapters, CDC-ACM, on-board UARTs); null for anything else. */
export function ttyChange(ev: Uevent): TtyChange | null {
  if (ev.subsystem !== "tty" || !ev.devname || ev.devname.includes("/") || NOT_A_PORT.test(ev.devname)) return null;
  if (ev.action !== "add" && ev.action !== "remove") return null;
  return { action: ev.action, name: ev.devname };
}

/** What changed between two listings of tty names (the polling stand-in for uevents), removals first. */
export function ttyListingChanges(before: ReadonlySet<string>, after: ReadonlySet<string>): TtyChange[] {
  const out: TtyChange[] = [];
  for (const name of before) if (!after.has(name) && !NOT_A_PORT.test(name)) out.push({ action: "remove", name });
  for (const name of after) if (!before.has(name) && !NOT_A_PORT.test(name)) out.push({ action: "add", name });
  return out;
}
