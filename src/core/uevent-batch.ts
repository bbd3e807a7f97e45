/**
 * Uevent datagrams read back to back. A reader that drains the netlink socket into one buffer (Bun's stream of
 * a descriptor reads until the socket is empty) hands over several messages joined end to end. This cuts them
 * apart again: a udev message (`libudev\0` …) is as long as its header says; a kernel message runs from its
 * `action@devpath` header to the next message's start, which is the only field beginning with a lowercase
 * letter (field keys are upper case; udev's prefix starts with `l`). Pure: bytes in, views of them out.
 */
import { startsUdev, udevHeaderAt } from "./uevent.ts";

const NUL = 0;

const isLowercase = (b: number | undefined) => b !== undefined && b >= 0x61 && b <= 0x7a;

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
      const header = udevHeaderAt(bytes, at);
      end = header ? at + header.off + header.len : bytes.length;
    } else end = kernelEnd(bytes, at);
    out.push(bytes.subarray(at, end));
    at = end;
  }
  return out;
}
