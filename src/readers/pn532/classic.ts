/**
 * NDEF on MIFARE Classic through the PN532 (NFC Forum "MIFARE Classic as NFC Type" layout): sector 0 holds
 * the MAD, the NDEF TLVs run through the data blocks of sectors 1…, each sector opened with the public NDEF
 * key (key A, then key B), sector trailers skipped, reading stops at the message's end or the terminator.
 */
import { concatBytes } from "../../core/bytes.ts";
import { findNdefTlv, ndefContent } from "../../core/ndef/index.ts";
import type { TagContent } from "./ntag.ts";
import { type TagIo, TagIoError } from "./tag-io.ts";

export const NDEF_KEY = [0xd3, 0xf7, 0xd3, 0xf7, 0xd3, 0xf7] as const;
const AUTH_A = 0x60;
const AUTH_B = 0x61;

export interface ClassicLayout {
  /** Sectors of 4 blocks (1K: 16; 4K: 32 small sectors, then 8 large ones, not read here). */
  sectors: number;
}

export const CLASSIC_1K: ClassicLayout = { sectors: 16 };
export const CLASSIC_4K: ClassicLayout = { sectors: 32 };

async function authenticate(io: TagIo, reselect: () => Promise<void>, block: number, uid: Uint8Array): Promise<boolean> {
  for (const keyType of [AUTH_A, AUTH_B]) {
    try {
      await io([keyType, block, ...NDEF_KEY, ...uid.subarray(0, 4)], `authenticate block ${block}`);
      return true;
    } catch (err) {
      if (!(err instanceof TagIoError)) throw err;
      await reselect(); // a failed authentication halts the card
    }
  }
  return false;
}

export async function readClassic(io: TagIo, uid: Uint8Array, reselect: () => Promise<void>, layout: ClassicLayout = CLASSIC_1K): Promise<TagContent> {
  const type = layout === CLASSIC_1K ? "mifare_classic_1k" : "mifare_classic_4k";
  const capacity = (layout.sectors - 1) * 3 * 16;
  let area: Uint8Array = new Uint8Array(0);
  for (let sector = 1; sector < layout.sectors; sector++) {
    if (!(await authenticate(io, reselect, sector * 4, uid))) {
      return { type, text: "", data: "", note: sector === 1 ? "no NDEF key (not NDEF formatted)" : `sector ${sector} refuses the NDEF key` };
    }
    for (let b = 0; b < 3; b++) {
      const block = (await io([0x30, sector * 4 + b], `read block ${sector * 4 + b}`)).subarray(0, 16);
      area = concatBytes(area, block);
    }
    const scan = findNdefTlv(area, capacity);
    if (scan.kind === "short") continue;
    return { type, ...ndefContent(scan) };
  }
  return { type, text: "", data: "", note: "no NDEF message" };
}
