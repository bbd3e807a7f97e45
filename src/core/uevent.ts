/**
 * Uevents as they arrive on a NETLINK_KOBJECT_UEVENT socket. The kernel's (multicast group 1): a header line
 * `ACTION@DEVPATH`, then NUL-separated `KEY=VALUE` fields (ACTION, DEVPATH, SUBSYSTEM, SEQNUM, and for device
 * nodes DEVNAME relative to /dev, MAJOR, MINOR). udev's re-broadcast of the same event once its rules ran (group
 * 2; the node's owner and mode are then set): `libudev\0`, a big-endian magic 0xfeedcafe, then host-order
 * header size, properties offset and length, and the same fields with DEVNAME as an absolute /dev path.
 * Anything malformed is refused. Pure: bytes in, a plain record out.
 */

export interface Uevent {
  /** The kernel's message, or udev's after its rules ran. */
  source: "kernel" | "udev";
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
const ACTION = /^[a-z]+$/;
/** "libudev\0": udev's messages begin so. */
const UDEV_PREFIX = [0x6c, 0x69, 0x62, 0x75, 0x64, 0x65, 0x76, 0x00];
const UDEV_MAGIC = 0xfeedcafe;
const UDEV_HEADER_BYTES = 40;
/** The sender's byte order for udev's header fields: this machine's. */
const LITTLE_ENDIAN_HOST = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

function fieldsOf(parts: readonly string[]): Record<string, string> {
  const fields: Record<string, string> = Object.create(null);
  for (const part of parts) {
    const eq = part.indexOf("=");
    if (eq <= 0) continue;
    const key = part.slice(0, eq);
    if (KEY.test(key)) fields[key] = part.slice(eq + 1);
  }
  return fields;
}

const decode = (bytes: Uint8Array) => new TextDecoder("utf-8", { fatal: false }).decode(bytes);

/** Whether the bytes at `at` begin as udev's messages do (`libudev\0`). */
export function startsUdev(bytes: Uint8Array, at = 0): boolean {
  for (let i = 0; i < UDEV_PREFIX.length; i++) if (bytes[at + i] !== UDEV_PREFIX[i]) return false;
  return true;
}

/**
 * The header of the udev message at `at`: where its properties block lies, counted from `at`; null when the
 * bytes there are not udev's header (prefix, magic, sizes) or it points past the end of `bytes`.
 */
export function udevHeaderAt(bytes: Uint8Array, at = 0): { off: number; len: number } | null {
  if (bytes.length - at < UDEV_HEADER_BYTES || !startsUdev(bytes, at)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset + at, UDEV_HEADER_BYTES);
  if (view.getUint32(8, false) !== UDEV_MAGIC) return null;
  const headerSize = view.getUint32(12, LITTLE_ENDIAN_HOST);
  const off = view.getUint32(16, LITTLE_ENDIAN_HOST);
  const len = view.getUint32(20, LITTLE_ENDIAN_HOST);
  if (headerSize < UDEV_HEADER_BYTES || off < headerSize || off + len > bytes.length - at) return null;
  return { off, len };
}

/** udev's properties block, or null when the header is not udev's or points outside the message. */
function udevFields(bytes: Uint8Array): Record<string, string> | null {
  const header = udevHeaderAt(bytes);
  if (!header || header.len === 0) return null;
  return fieldsOf(decode(bytes.subarray(header.off, header.off + header.len)).split("\0"));
}

export function parseUevent(bytes: Uint8Array): Uevent | null {
  if (bytes.length === 0 || bytes.length > UEVENT_MAX_BYTES) return null;
  let source: Uevent["source"];
  let fields: Record<string, string>;
  const udev = udevFields(bytes);
  if (udev) {
    source = "udev";
    fields = udev;
    if (!ACTION.test(fields.ACTION ?? "") || !(fields.DEVPATH ?? "").startsWith("/")) return null;
    if (fields.DEVNAME !== undefined) {
      if (!fields.DEVNAME.startsWith("/dev/")) return null;
      fields.DEVNAME = fields.DEVNAME.slice("/dev/".length);
    }
  } else {
    const parts = decode(bytes).split("\0");
    const header = parts[0] ?? "";
    if (!HEADER.test(header)) return null;
    source = "kernel";
    fields = fieldsOf(parts.slice(1));
    const at = header.indexOf("@");
    fields.ACTION ??= header.slice(0, at);
    fields.DEVPATH ??= header.slice(at + 1);
    if (fields.ACTION !== header.slice(0, at) || fields.DEVPATH !== header.slice(at + 1)) return null; // header and fields disagree
  }
  const devname = fields.DEVNAME ?? "";
  if (devname.split("/").some((s) => s === ".." || s === ".")) return null;
  const seq = Number(fields.SEQNUM);
  return { source, action: fields.ACTION!, devpath: fields.DEVPATH!, subsystem: fields.SUBSYSTEM ?? "", devname, seqnum: Number.isSafeInteger(seq) ? seq : null, fields };
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
