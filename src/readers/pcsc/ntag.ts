/**
 * Reading and writing NDEF on Type 2 tags (NTAG21x, MIFARE Ultralight) through a reader's transmit function.
 * The transport is injected, so this runs against any reader (and tests drive it with a virtual card).
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
import { ReaderWriteError, type TokenRead } from "../types.ts";
import { concatBytes, toHex } from "../../core/bytes.ts";
import { ApduError, getUid, readBinary, responseData, updateBinary } from "./apdu.ts";

export type Transmit = (apdu: Uint8Array) => Promise<Uint8Array>;

const READ_CHUNK = 16;

async function readUid(tx: Transmit): Promise<string> {
  return toHex(responseData(await tx(getUid()), "get UID"));
}

/** Reads the UID and, on an NDEF-formatted Type 2 tag, the text of the first Text or URI record. */
export async function readToken(tx: Transmit): Promise<TokenRead & { note?: string }> {
  const uid = await readUid(tx);
  let head: Uint8Array;
  try {
    head = responseData(await tx(readBinary(3, READ_CHUNK)), "read page 3");
  } catch (err) {
    if (err instanceof ApduError) return { type: "nfc", uid, text: "", data: "", note: "not a Type 2 tag" };
    throw err;
  }
  const cc = parseCapabilityContainer(head.subarray(0, 4));
  const type = tagTypeName(cc);
  if (!cc.ndef) return { type, uid, text: "", data: "", note: "not NDEF formatted" };
  let area: Uint8Array = head.slice(4);
  while (true) {
    const scan = findNdefTlv(area, cc.dataAreaBytes);
    if (scan.kind === "short") {
      const page = DATA_START_PAGE + area.length / PAGE_SIZE;
      area = concatBytes(area, responseData(await tx(readBinary(page, READ_CHUNK)), `read page ${page}`));
      continue;
    }
    return { type, uid, ...ndefContent(scan) };
  }
}

/**
 * Writes `text` as one NDEF Text record, page by page, then reads the pages back. Page 4 (the TLV length) is
 * blanked first and written last, so a write cut short leaves an empty tag, never a truncated message.
 */
export async function writeText(tx: Transmit, text: string): Promise<{ uid: string; pages: number }> {
  const uid = await readUid(tx).catch((err) => {
    throw new ReaderWriteError("failed", `could not read the tag: ${(err as Error).message}`);
  });
  let head: Uint8Array;
  try {
    head = responseData(await tx(readBinary(3, READ_CHUNK)), "read capability container");
  } catch (err) {
    throw new ReaderWriteError("unsupported", `the tag is not a writable NFC Forum Type 2 tag (${(err as Error).message})`);
  }
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
    try {
      responseData(await tx(updateBinary(w.page, w.bytes)), `write page ${w.page}`);
    } catch (err) {
      throw new ReaderWriteError("failed", `write failed at page ${w.page} (${(err as Error).message}); no partial message was left on the tag`);
    }
  }
  const back = new Uint8Array(plan.image.length);
  try {
    for (let off = 0; off < back.length; off += READ_CHUNK) {
      const data = responseData(await tx(readBinary(DATA_START_PAGE + off / PAGE_SIZE, READ_CHUNK)), "read back");
      back.set(data.subarray(0, Math.min(READ_CHUNK, back.length - off)), off);
    }
  } catch (err) {
    throw new ReaderWriteError("failed", `could not read the tag back to verify: ${(err as Error).message}`);
  }
  if (toHex(back) !== toHex(plan.image)) throw new ReaderWriteError("failed", "verification failed: the tag does not read back what was written");
  return { uid, pages: plan.image.length / PAGE_SIZE };
}
