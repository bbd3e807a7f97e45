/**
 * Type 2 tags (NTAG21x, MIFARE Ultralight) through a PC/SC reader: the page-level seam of src/readers/type2/
 * as the PC/SC part 3 pseudo-APDUs (GET UID, READ BINARY of four pages, UPDATE BINARY of one page), sent
 * through the card's transmit function (tests drive it with a virtual card). Reading and writing NDEF is
 * src/readers/type2/tag-io.ts.
 */
import type { Type2Pages } from "../type2/pages.ts";
import { getUid, readBinary, responseData, updateBinary } from "./apdu.ts";

export type Transmit = (apdu: Uint8Array) => Promise<Uint8Array>;

/** The card behind `tx` as Type 2 pages; a status word other than 90 00 rejects with ApduError. */
export function pcscPages(tx: Transmit): Type2Pages {
  return {
    readUid: async () => responseData(await tx(getUid()), "get UID"),
    readPages: async (page) => responseData(await tx(readBinary(page, 16)), `read page ${page}`),
    writePage: async (page, bytes) => {
      responseData(await tx(updateBinary(page, bytes)), `write page ${page}`);
    },
  };
}
