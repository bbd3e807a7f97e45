/**
 * NTAG21x (NFC Forum Type 2) through the PN532: the page-level seam of src/readers/type2/ as the tag's own
 * commands relayed by InDataExchange, READ (30, four pages) and WRITE (A2, one page); the UID is the one the
 * chip reported when it listed the target. Reading and writing NDEF is src/readers/type2/tag-io.ts.
 */
import type { Type2Pages } from "../type2/pages.ts";
import type { TagIo } from "./tag-io.ts";

/** What a PN532 tag read yields (the UID comes from the listed target). */
export interface TagContent {
  type: string;
  text: string;
  /** Hex of the NDEF message (empty when there is none). */
  data: string;
  /** Why there is no text, for the debug log. */
  note?: string;
}

/** The listed target behind `io` as Type 2 pages; a status other than success rejects with TagIoError. */
export function ntagPages(io: TagIo, uid: Uint8Array): Type2Pages {
  return {
    readUid: async () => uid,
    readPages: (page) => io([0x30, page], `read page ${page}`),
    writePage: async (page, bytes) => {
      await io([0xa2, page, ...bytes], `write page ${page}`);
    },
  };
}
