/**
 * NFC Forum Type 2 tags (NTAG213/215/216, MIFARE Ultralight): 4-byte pages, capability container on page 3,
 * data area from page 4. Pure planning of reads and writes; the transport lives in the reader drivers.
 */
import { buildNdefTlv } from "./tlv.ts";

export const PAGE_SIZE = 4;
export const CC_PAGE = 3;
export const DATA_START_PAGE = 4;

export interface CapabilityContainer {
  /** Magic E1 present: the tag is NDEF formatted. */
  ndef: boolean;
  /** Size of the data area in bytes (CC byte 2 × 8). */
  dataAreaBytes: number;
  /** Access byte allows writing (low nibble 0). */
  writable: boolean;
}

export function parseCapabilityContainer(cc: Uint8Array): CapabilityContainer {
  return { ndef: cc[0] === 0xe1, dataAreaBytes: (cc[2] ?? 0) * 8, writable: ((cc[3] ?? 0xff) & 0x0f) === 0 };
}

/** Token `type` from the data area size: the sizes NTAG21x and Ultralight announce in their CC. */
export function tagTypeName(cc: CapabilityContainer): string {
  if (!cc.ndef) return "nfc";
  switch (cc.dataAreaBytes) {
    case 0x12 * 8:
      return "ntag213";
    case 0x3e * 8:
      return "ntag215";
    case 0x6d * 8:
      return "ntag216";
    case 0x06 * 8:
      return "mifare_ultralight";
    default:
      return "type2";
  }
}

export interface PageWrite {
  page: number;
  bytes: Uint8Array;
}

export class TagCapacityError extends Error {
  constructor(
    readonly needed: number,
    readonly capacity: number,
  ) {
    super(`the text needs ${needed} bytes on the tag but it holds ${capacity}`);
    this.name = "TagCapacityError";
  }
}

/** Bytes of page 4 while a write is in progress: an empty NDEF TLV, then the terminator. */
export const EMPTY_NDEF_PAGE = Uint8Array.of(0x03, 0x00, 0xfe, 0x00);

/**
 * Plans writing an NDEF message into the data area so that an interrupted write never leaves a TLV that reads
 * as valid: page 4 (which holds the TLV's length) is first set to an empty NDEF TLV, the rest follows page by
 * page, and the real page 4 goes last. `image` is what the written pages must read back as.
 */
export function planNdefWrite(message: Uint8Array, dataAreaBytes: number): { writes: PageWrite[]; image: Uint8Array } {
  const tlv = buildNdefTlv(message);
  const pages = Math.ceil(tlv.length / PAGE_SIZE);
  if (tlv.length > dataAreaBytes) throw new TagCapacityError(tlv.length, dataAreaBytes);
  const image = new Uint8Array(pages * PAGE_SIZE);
  image.set(tlv);
  const page = (n: number) => image.slice(n * PAGE_SIZE, (n + 1) * PAGE_SIZE);
  const writes: PageWrite[] = [{ page: DATA_START_PAGE, bytes: EMPTY_NDEF_PAGE }];
  for (let n = 1; n < pages; n++) writes.push({ page: DATA_START_PAGE + n, bytes: page(n) });
  writes.push({ page: DATA_START_PAGE, bytes: page(0) });
  return { writes, image };
}
