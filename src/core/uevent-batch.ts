/**
 * Uevent datagrams read back to back. A reader that drains the netlink socket into one buffer (Bun's stream of
 * a descriptor reads until the socket is empty) hands over several messages joined end to end. This cuts them
 * apart again: a udev message (`libudev\0` …) is as long as its header says; a kernel message runs from its
 * `action@devpath` header to the next message's start, which is the only field beginning with a lowercase
 * letter (field keys are upper case; udev's prefix starts with `l`). Pure: bytes in, views of them out.
 */

const NUL = 0;
const UDEV_PREFIX = [0x6c, 0x69, 0x62, 0x75, 0x64, 0x65, 0x76, 0x00]; // "libudev\0"
const UDEV_MAGIC = 0xfeedcafe;
const UDEV_HEADER_BYTES = 40;
const LITTLE_ENDIAN_HOST = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

const isLowercase = (b: number | undefined) => b !== undefined && b >= 0x61 && b <= 0x7a;

function startsUdev(bytes: Uint8Array, at: number): boolean {
  for (let i = 0; i < UDEV_PREFIX.length; i++) if (bytes[at + i] !== UDEV_PREFIX[i]) return false;
  return true;
}

/** Length of the udev message at `at` as its header gives it, or -1 when the header is not whole or not sane. */
function udevLength(bytes: Uint8Array, at: number): number {
  if (bytes.length - at < UDEV_HEADER_BYTES) return -1;
  const view = new DataView(bytes.buffer, bytes.byteOffset + at, UDEV_HEADER_BYTES);
  if (view.getUint32(8, false) !== UDEV_MAGIC) return -1;
  const headerSize = view.getUint32(12, LITTLE_ENDIAN_HOST);
  const off = view.getUint32(16, LITTLE_ENDIAN_HOST);
  const len = view.getUint32(20, LITTLE_ENDIAN_HOST);
  if (headerSize < UDEV_HEADER_BYTES || off < headerSize || off + len > bytes.length - at) return -1;
  return off + len;
}

/** Where the kernel message starting at `at` ends: the start of the next message, or the end of the bytes. */
function kernelEnd(bytes: Uint8Array, at: number): number {
  for (let i = bytes.indexOf(NUL, at); i >= 0 && i + 1 < bytes.length; i = bytes.indexOf(NUL, i + 1)) {
    if (isLowercase(bytes[i + 1])) return i + 1;
  }
  return bytes.length;
}

/** The messages in `bytes`, in order. What cannot be told apart is handed on whole (parseUevent refuses it). */
export function splitUevents(bytes: Uint8Array): Uint8Array[] {
  const out: Uint8Array[] = [];
  let at = 0;
  while (at < bytes.length) {
    let end: number;
    if (startsUdev(bytes, at)) {
      const len = udevLength(bytes, at);
      end = len > 0 ? at + len : bytes.length;
    } else end = kernelEnd(bytes, at);
    out.push(bytes.subarray(at, end));
    at = end;
  }
  return out;
}
