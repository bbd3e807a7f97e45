/**
 * PN532 host-link frames (NXP UM0701-02 §6.2), pure. Normal: `00 00 FF LEN LCS TFI PD… DCS 00`; extended:
 * `00 00 FF FF FF LENM LENL LCS TFI … DCS 00`; ACK `00 00 FF 00 FF 00`; NACK `00 00 FF FF 00 00`; the
 * application error frame is a normal frame carrying the single byte 7F. LEN counts TFI and PD;
 * LEN + LCS ≡ 0 and TFI + ΣPD + DCS ≡ 0 (mod 256).
 */

export const TFI_HOST = 0xd4;
export const TFI_CHIP = 0xd5;
export const ERROR_TFI = 0x7f;

export const ACK = Uint8Array.of(0x00, 0x00, 0xff, 0x00, 0xff, 0x00);
export const NACK = Uint8Array.of(0x00, 0x00, 0xff, 0xff, 0x00, 0x00);
/** `55` then idle bytes: wakes a PN532 in LowVbat on HSU before the first frame. */
export const WAKE_UP = Uint8Array.of(0x55, 0x55, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00);

/** Largest body (TFI + PD) a normal frame carries; longer bodies use the extended form. */
export const NORMAL_MAX = 0xfe;
export const EXTENDED_MAX = 0xffff;

function sum(bytes: Uint8Array): number {
  let s = 0;
  for (const b of bytes) s = (s + b) & 0xff;
  return s;
}

/** The frame for `body` (TFI followed by PD). */
export function encodeFrame(body: Uint8Array): Uint8Array {
  if (body.length === 0) throw new RangeError("a frame carries at least the TFI byte");
  if (body.length > EXTENDED_MAX) throw new RangeError(`frame body of ${body.length} bytes is too long`);
  const dcs = (0x100 - sum(body)) & 0xff;
  const head =
    body.length <= NORMAL_MAX
      ? [0x00, 0x00, 0xff, body.length, (0x100 - body.length) & 0xff]
      : [0x00, 0x00, 0xff, 0xff, 0xff, body.length >> 8, body.length & 0xff, (0x100 - ((body.length >> 8) + (body.length & 0xff))) & 0xff];
  const out = new Uint8Array(head.length + body.length + 2);
  out.set(head, 0);
  out.set(body, head.length);
  out[head.length + body.length] = dcs;
  out[head.length + body.length + 1] = 0x00;
  return out;
}

/** A host→chip command frame: TFI D4, the command code, its parameters. */
export function commandFrame(code: number, params: ArrayLike<number> = []): Uint8Array {
  const body = new Uint8Array(2 + params.length);
  body[0] = TFI_HOST;
  body[1] = code;
  body.set(params, 2);
  return encodeFrame(body);
}

export type FrameItem =
  | { kind: "ack" }
  | { kind: "nack" }
  /** The application-level error frame (syntax error in the last host frame). */
  | { kind: "error" }
  /** A frame whose checksums hold; `body` is TFI + PD. */
  | { kind: "frame"; body: Uint8Array }
  /** A frame that failed a checksum: ask for it again (NACK). */
  | { kind: "corrupt"; reason: string };

type Parse = { item: FrameItem; consumed: number } | { need: true };

/** Looks for one item at the start of `buf`, which begins at a start code `00 FF`. */
function parseAt(buf: Uint8Array, at: number): Parse {
  const b = (i: number) => buf[at + i]!;
  const have = buf.length - at;
  if (have < 4) return { need: true };
  const len = b(2);
  const lcs = b(3);
  if (len === 0x00 && lcs === 0xff) return { item: { kind: "ack" }, consumed: 4 };
  if (len === 0xff && lcs === 0x00) return { item: { kind: "nack" }, consumed: 4 };
  let bodyAt: number;
  let bodyLen: number;
  if (len === 0xff && lcs === 0xff) {
    if (have < 7) return { need: true };
    bodyLen = (b(4) << 8) | b(5);
    if (((b(4) + b(5) + b(6)) & 0xff) !== 0) return { item: { kind: "corrupt", reason: "extended length checksum" }, consumed: 2 };
    bodyAt = 7;
  } else {
    if (((len + lcs) & 0xff) !== 0) return { item: { kind: "corrupt", reason: "length checksum" }, consumed: 2 };
    bodyLen = len;
    bodyAt = 4;
  }
  if (bodyLen === 0) return { item: { kind: "corrupt", reason: "empty frame" }, consumed: 2 };
  if (have < bodyAt + bodyLen + 1) return { need: true };
  const body = buf.slice(at + bodyAt, at + bodyAt + bodyLen);
  if (((sum(body) + b(bodyAt + bodyLen)) & 0xff) !== 0) return { item: { kind: "corrupt", reason: "data checksum" }, consumed: 2 };
  const consumed = bodyAt + bodyLen + 1;
  if (bodyLen === 1 && body[0] === ERROR_TFI) return { item: { kind: "error" }, consumed };
  return { item: { kind: "frame", body }, consumed };
}

/**
 * Incremental parser for the chip→host byte stream: feed bytes as they arrive, take the items that are
 * complete. Preamble and postamble bytes and noise between frames are skipped; after a checksum failure it
 * resynchronises on the next start code, so a cut-off frame followed by a whole one still yields the latter.
 */
export class FrameParser {
  private buf = new Uint8Array(0);

  push(bytes: Uint8Array): FrameItem[] {
    const joined = new Uint8Array(this.buf.length + bytes.length);
    joined.set(this.buf);
    joined.set(bytes, this.buf.length);
    const items: FrameItem[] = [];
    let i = 0;
    while (true) {
      let start = -1;
      for (let j = i; j + 1 < joined.length; j++) {
        if (joined[j] === 0x00 && joined[j + 1] === 0xff) {
          start = j;
          break;
        }
      }
      if (start < 0) {
        // Keep a trailing 00 that may begin the next start code.
        i = joined.length > i && joined[joined.length - 1] === 0x00 ? joined.length - 1 : joined.length;
        break;
      }
      const r = parseAt(joined, start);
      if ("need" in r) {
        i = start;
        break;
      }
      items.push(r.item);
      i = start + r.consumed;
    }
    this.buf = joined.slice(i);
    return items;
  }

  /** Bytes held back waiting for the rest of a frame. */
  get pending(): number {
    return this.buf.length;
  }

  reset(): void {
    this.buf = new Uint8Array(0);
  }
}
