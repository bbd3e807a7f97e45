/**
 * NTAG21x (NFC Forum Type 2) through the PN532: READ (30) returns four pages, WRITE (A2) one page. The NDEF
 * layout, the TLV scan and the safe write plan come from the shared NDEF module.
 */
import {
  buildMessage,
  DATA_START_PAGE,
  findNdefTlv,
  ndefContent,
  PAGE_SIZE,
  parseCapabilityContainer,
  planNdefWrite,
  TagCapacityError,
  tagTypeName,
  textRecord,
} from "../../core/ndef/index.ts";
import { ReaderWriteError } from "../types.ts";
import { concatBytes, toHex } from "../../core/bytes.ts";
import { type TagIo, TagIoError } from "./tag-io.ts";

const READ_BYTES = 16;

export interface TagContent {
  type: string;
  text: string;
  /** Hex of the NDEF message (empty when there is none). */
  data: string;
  /** Why there is no text, for the debug log. */
  note?: string;
}

const readPages = (io: TagIo, page: number) => io([0x30, page], `read page ${page}`).then((d) => d.subarray(0, READ_BYTES));

/** Reads the capability container and the first NDEF message's text. */
export async function readNtag(io: TagIo): Promise<TagContent> {
  const head = await readPages(io, 3);
  const cc = parseCapabilityContainer(head.subarray(0, 4));
  const type = tagTypeName(cc);
  if (!cc.ndef) return { type, text: "", data: "", note: "not NDEF formatted" };
  let area: Uint8Array = head.slice(4);
  while (true) {
    const scan = findNdefTlv(area, cc.dataAreaBytes);
    if (scan.kind === "short") {
      area = concatBytes(area, await readPages(io, DATA_START_PAGE + area.length / PAGE_SIZE));
      continue;
    }
    return { type, ...ndefContent(scan) };
  }
}

/**
 * Writes `text` as one NDEF Text record and reads it back. Page 4 (which holds the TLV length) is blanked
 * first and written last, so a tag pulled away mid-write reads as empty, never as a truncated message.
 */
export async function writeNtagText(io: TagIo, text: string): Promise<number> {
  const fail = (kind: "failed" | "unsupported", what: string) => (err: unknown) => {
    throw new ReaderWriteError(kind, `${what} (${(err as Error).message})`);
  };
  const head = await readPages(io, 3).catch(fail("failed", "could not read the tag"));
  const cc = parseCapabilityContainer(head.subarray(0, 4));
  if (!cc.ndef) throw new ReaderWriteError("unsupported", "the tag is not NDEF formatted");
  if (!cc.writable) throw new ReaderWriteError("unsupported", "the tag is read-only");
  let plan: ReturnType<typeof planNdefWrite>;
  try {
    plan = planNdefWrite(buildMessage([textRecord(text)]), cc.dataAreaBytes);
  } catch (err) {
    if (err instanceof TagCapacityError) throw new ReaderWriteError("too-large", `text too large for the tag: ${err.message}`);
    throw err;
  }
  for (const w of plan.writes) {
    await io([0xa2, w.page, ...w.bytes], `write page ${w.page}`).catch((err) => {
      if (!(err instanceof TagIoError)) throw err;
      throw new ReaderWriteError("failed", `write failed at page ${w.page} (${err.message}); no partial message was left on the tag`);
    });
  }
  let back: Uint8Array = new Uint8Array(0);
  while (back.length < plan.image.length) {
    back = concatBytes(back, await readPages(io, DATA_START_PAGE + back.length / PAGE_SIZE).catch(fail("failed", "could not read the tag back to verify")));
  }
  if (toHex(back.subarray(0, plan.image.length)) !== toHex(plan.image)) {
    throw new ReaderWriteError("failed", "verification failed: the tag does not read back what was written");
  }
  return plan.writes.length;
}
