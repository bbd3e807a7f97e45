/**
 * NFC Forum Type 2 tag TLV blocks (the memory layout of NTAG21x / MIFARE Ultralight user memory). Pure: bytes
 * in, bytes out. A data area holds TLVs: NULL (00, no length), Lock Control (01), Memory Control (02),
 * NDEF Message (03), proprietary (FD) and Terminator (FE, no length). A length below 0xFF takes one byte;
 * otherwise it is written `FF hi lo`.
 */

export const TLV_NULL = 0x00;
export const TLV_NDEF = 0x03;
export const TLV_TERMINATOR = 0xfe;

export type TlvScan =
  /** An NDEF Message TLV was found; `message` is its value (may be empty). */
  | { kind: "ndef"; message: Uint8Array; start: number; end: number }
  /** No NDEF TLV before the terminator or the end of the data. */
  | { kind: "none" }
  /** The data stops before the TLV it announces is complete: read `needed` bytes in total, then scan again. */
  | { kind: "short"; needed: number }
  /** The bytes cannot be a valid TLV area. */
  | { kind: "invalid"; reason: string };

/**
 * Finds the first NDEF Message TLV in a Type 2 data area. `capacity` is the size of the whole data area (from
 * the capability container) so that a length running past the tag is reported as invalid rather than short.
 */
export function findNdefTlv(data: Uint8Array, capacity = Number.POSITIVE_INFINITY): TlvScan {
  let i = 0;
  while (true) {
    if (i >= capacity) return { kind: "none" };
    if (i >= data.length) return { kind: "short", needed: i + 1 };
    const t = data[i]!;
    if (t === TLV_NULL) {
      i += 1;
      continue;
    }
    if (t === TLV_TERMINATOR) return { kind: "none" };
    if (i + 1 >= data.length) return { kind: "short", needed: i + 2 };
    let len = data[i + 1]!;
    let valueAt = i + 2;
    if (len === 0xff) {
      if (i + 3 >= data.length) return { kind: "short", needed: i + 4 };
      len = (data[i + 2]! << 8) | data[i + 3]!;
      valueAt = i + 4;
      if (len < 0xff) return { kind: "invalid", reason: `TLV at ${i} uses the 3-byte length form for ${len} bytes` };
    }
    const end = valueAt + len;
    if (end > capacity) return { kind: "invalid", reason: `TLV at ${i} claims ${len} bytes, past the tag's ${capacity}-byte data area` };
    if (end > data.length) return { kind: "short", needed: end };
    if (t === TLV_NDEF) return { kind: "ndef", message: data.slice(valueAt, end), start: i, end };
    i = end;
  }
}

/** Builds `03 <len> <message> FE`, the bytes written from the start of a blank data area. */
export function buildNdefTlv(message: Uint8Array): Uint8Array {
  const long = message.length >= 0xff;
  if (message.length > 0xfffe) throw new RangeError(`NDEF message of ${message.length} bytes is too long for a TLV`);
  const head = long ? [TLV_NDEF, 0xff, message.length >> 8, message.length & 0xff] : [TLV_NDEF, message.length];
  const out = new Uint8Array(head.length + message.length + 1);
  out.set(head, 0);
  out.set(message, head.length);
  out[out.length - 1] = TLV_TERMINATOR;
  return out;
}
