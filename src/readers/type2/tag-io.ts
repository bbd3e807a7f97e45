/**
 * NDEF on NFC Forum Type 2 tags (NTAG21x, MIFARE Ultralight), once for every reader: reading the token and
 * writing a Text record safely, over the page-level seam of pages.ts. The page layout, the TLV scan and the
 * write plan are pure (src/core/ndef/); the drivers only adapt their transport.
 */
import { concatBytes, toHex } from "../../core/bytes.ts";
import {
  buildMessage,
  CC_PAGE,
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
import {
  AMIIBO_ID_PAGE,
  AMIIBO_TYPE,
  amiiboData,
  isAmiibo,
  LEGO_DIMENSIONS_TYPE,
  legoDimensionsCheck,
  mayBeAmiibo,
  type ToyType,
  toyWriteRefusal,
} from "../../core/ndef/type2-toys.ts";
import { ReaderWriteError, type TokenRead } from "../types.ts";
import { TagRefusedError, type Type2Pages } from "./pages.ts";

const READ_BYTES = 4 * PAGE_SIZE;

/** A token read, with why it has no text (for the debug log). */
export type Type2Read = TokenRead & { note?: string };

/** Four pages from `page`; an answer shorter than 16 bytes is the tag failing, not data. */
async function readFour(tag: Type2Pages, page: number): Promise<Uint8Array> {
  const data = await tag.readPages(page);
  if (data.length < READ_BYTES) throw new TagRefusedError(`read page ${page}: ${data.length} bytes instead of ${READ_BYTES}`);
  return data.subarray(0, READ_BYTES);
}

/**
 * Whether the tag is an Amiibo or a Lego Dimensions toy (core/ndef/type2-toys.ts), from `head` (the read of
 * page 3) and at most one more read: page 0 when the capability container is an Amiibo's, page 7 when pages
 * 4–6 start like a Lego toy's. Also returns the data area read so far (page 4 on), for the NDEF scan.
 */
async function toyCheck(tag: Type2Pages, head: Uint8Array): Promise<{ toy: ToyType | null; area: Uint8Array }> {
  let area: Uint8Array = head.slice(PAGE_SIZE);
  if (mayBeAmiibo(head.subarray(0, PAGE_SIZE)) && isAmiibo(await readFour(tag, 0))) return { toy: AMIIBO_TYPE, area };
  let lego = legoDimensionsCheck(area);
  if (lego === "more") {
    area = concatBytes(area, await readFour(tag, DATA_START_PAGE + area.length / PAGE_SIZE));
    lego = legoDimensionsCheck(area);
  }
  return { toy: lego === "yes" ? LEGO_DIMENSIONS_TYPE : null, area };
}

/**
 * Reads the UID and, on an NDEF-formatted Type 2 tag, the text of the first Text or URI record. An Amiibo or a
 * Lego Dimensions toy is a token of the reference's type instead: `Amiibo` with its figure identifier as data,
 * `LegoDimensions` with no data; neither has text.
 */
export async function readToken(tag: Type2Pages): Promise<Type2Read> {
  const uid = toHex(await tag.readUid());
  let head: Uint8Array;
  try {
    head = await readFour(tag, CC_PAGE);
  } catch (err) {
    if (err instanceof TagRefusedError) return { type: "nfc", uid, text: "", data: "", note: `no Type 2 capability container (${err.message})` };
    throw err;
  }
  const toy = await toyCheck(tag, head);
  if (toy.toy === AMIIBO_TYPE) return { type: AMIIBO_TYPE, uid, text: "", data: amiiboData(await readFour(tag, AMIIBO_ID_PAGE)) };
  if (toy.toy === LEGO_DIMENSIONS_TYPE) return { type: LEGO_DIMENSIONS_TYPE, uid, text: "", data: "" };
  const cc = parseCapabilityContainer(head.subarray(0, PAGE_SIZE));
  const type = tagTypeName(cc);
  if (!cc.ndef) return { type, uid, text: "", data: "", note: "not NDEF formatted" };
  let area = toy.area;
  while (true) {
    const scan = findNdefTlv(area, cc.dataAreaBytes);
    if (scan.kind !== "short") return { type, uid, ...ndefContent(scan) };
    area = concatBytes(area, await readFour(tag, DATA_START_PAGE + area.length / PAGE_SIZE));
  }
}

/** Runs one step of a write; whatever makes it fail (the tag, the reader, its link) is a "failed" write. */
async function step<T>(op: () => Promise<T>, say: (reason: string) => string): Promise<T> {
  try {
    return await op();
  } catch (err) {
    throw new ReaderWriteError("failed", say((err as Error).message));
  }
}

/**
 * Writes `text` as one NDEF Text record, then reads the pages back and compares. Page 4 (the TLV length) is
 * blanked first and written last (planNdefWrite), so a write cut short leaves an empty tag, never a truncated
 * message.
 *
 * An Amiibo or a Lego Dimensions toy is refused as "unsupported" before any page is written.
 *
 * Where the PC/SC and PN532 loops used to differ, this is the one, stricter behaviour:
 * - "unsupported" only on the tag's own word: its capability container says not NDEF formatted, or read-only.
 *   A tag that cannot be read (no UID, page 3 refused or short) is "failed": it may just have left the field,
 *   and "unsupported" would tell the client not to try again (PC/SC used to say "unsupported" there).
 * - Any failure of a page write, whatever its cause (the tag refusing, the reader or its link failing), is
 *   "failed", naming the page; nothing escapes untyped (PN532 used to let link errors through as they were).
 * - A failed, short or different read-back is "failed".
 * - `pages` counts the data-area pages that now hold the message, each once (page 4 is written twice): the
 *   pages the read-back compared (PN532 used to count page writes, one more).
 */
export async function writeText(tag: Type2Pages, text: string): Promise<{ uid: string; pages: number }> {
  const uid = toHex(await step(() => tag.readUid(), (why) => `could not read the tag (${why})`));
  const head = await step(() => readFour(tag, CC_PAGE), (why) => `could not read the tag's capability container (${why})`);
  const { toy } = await step(() => toyCheck(tag, head), (why) => `could not read the tag (${why})`);
  if (toy) throw new ReaderWriteError("unsupported", toyWriteRefusal(toy));
  const cc = parseCapabilityContainer(head.subarray(0, PAGE_SIZE));
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
    await step(
      () => tag.writePage(w.page, w.bytes),
      (why) => `write failed at page ${w.page} (${why}); no partial message was left on the tag`,
    );
  }
  let back: Uint8Array = new Uint8Array(0);
  while (back.length < plan.image.length) {
    const page = DATA_START_PAGE + back.length / PAGE_SIZE;
    back = concatBytes(back, await step(() => readFour(tag, page), (why) => `could not read the tag back to verify (${why})`));
  }
  if (toHex(back.subarray(0, plan.image.length)) !== toHex(plan.image)) {
    throw new ReaderWriteError("failed", "verification failed: the tag does not read back what was written");
  }
  return { uid, pages: plan.image.length / PAGE_SIZE };
}
