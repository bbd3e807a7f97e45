/**
 * The one Type 2 tag module (src/readers/type2/tag-io.ts) both NFC drivers use, driven through its page-level
 * seam by an in-memory NTAG215: a byte array that can refuse, fail, drop or alter what it is sent.
 */
import { describe, expect, test } from "bun:test";
import { buildMessage, buildNdefTlv, textRecord } from "../../../src/core/ndef/index.ts";
import { TagRefusedError, type Type2Pages } from "../../../src/readers/type2/pages.ts";
import { readToken, writeText } from "../../../src/readers/type2/tag-io.ts";
import { ReaderWriteError } from "../../../src/readers/types.ts";

const UID = Uint8Array.of(0x04, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06);
const PAGES = 135;

class FakeType2Tag implements Type2Pages {
  readonly memory = new Uint8Array(PAGES * 4);
  /** Every operation, in order: "uid", "read <page>", "write <page> <hex>". */
  readonly ops: string[] = [];
  /** The tag leaves the field once this page has been written: later writes are refused. */
  leavesAfterPage: number | null = null;
  /** A write of this page fails in the transport (the reader or its link), not at the tag. */
  linkFailsAtPage: number | null = null;
  /** A write of this page is acknowledged but stores other bytes. */
  corruptsPage: number | null = null;
  /** Reads from this page on are refused. */
  refusesReadsFrom: number | null = null;
  /** Reads answer this many bytes instead of 16. */
  readLength = 16;
  private gone = false;

  constructor(cc = [0xe1, 0x10, 0x3e, 0x00]) {
    this.memory.set(UID.subarray(0, 3), 0);
    this.memory.set(UID.subarray(3, 7), 4);
    this.memory.set(cc, 12);
    this.memory.set([0x03, 0x00, 0xfe, 0x00], 16);
  }

  withText(text: string): this {
    this.memory.fill(0, 16);
    this.memory.set(buildNdefTlv(buildMessage([textRecord(text)])), 16);
    return this;
  }

  async readUid(): Promise<Uint8Array> {
    this.ops.push("uid");
    return UID;
  }

  async readPages(page: number): Promise<Uint8Array> {
    this.ops.push(`read ${page}`);
    if (this.gone || (this.refusesReadsFrom !== null && page >= this.refusesReadsFrom)) throw new TagRefusedError(`read page ${page}: no answer`);
    const out = new Uint8Array(this.readLength);
    for (let i = 0; i < out.length; i++) out[i] = this.memory[(page * 4 + i) % this.memory.length]!;
    return out;
  }

  async writePage(page: number, bytes: Uint8Array): Promise<void> {
    this.ops.push(`write ${page} ${Buffer.from(bytes).toString("hex")}`);
    if (page === this.linkFailsAtPage) throw new Error("link lost");
    if (this.gone) throw new TagRefusedError(`write page ${page}: no answer`);
    this.memory.set(page === this.corruptsPage ? bytes.map((b) => b ^ 0xff) : bytes, page * 4);
    if (page === this.leavesAfterPage) this.gone = true;
  }

  /** Puts the tag back on the reader, answering normally. */
  replace(): this {
    this.gone = false;
    this.leavesAfterPage = this.linkFailsAtPage = this.corruptsPage = this.refusesReadsFrom = null;
    return this;
  }

  writes(): string[] {
    return this.ops.filter((o) => o.startsWith("write"));
  }
}

const LONG = "SNES/a text long enough to need many pages on the tag.sfc";

async function writeFailure(tag: FakeType2Tag, text: string): Promise<ReaderWriteError> {
  const err = await writeText(tag, text).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ReaderWriteError);
  return err as ReaderWriteError;
}

/** Writes LONG and expects a "failed" write error whose message has every phrase. */
async function expectFailed(tag: FakeType2Tag, ...phrases: string[]): Promise<void> {
  const err = await writeFailure(tag, LONG);
  expect(err.reason).toBe("failed");
  for (const phrase of phrases) expect(err.message).toContain(phrase);
}

describe("Type 2 tag reads", () => {
  test("UID, tag type and the Text record, over as many 4-page reads as the message needs", async () => {
    const tag = new FakeType2Tag().withText(LONG);
    const read = await readToken(tag);
    expect(read).toMatchObject({ type: "ntag215", uid: "04010203040506", text: LONG });
    expect(read.data).toBe(Buffer.from(buildMessage([textRecord(LONG)])).toString("hex"));
    expect(tag.ops.filter((o) => o.startsWith("read")).length).toBeGreaterThan(2);
  });

  test("a tag that refuses page 3 is still a token (its UID), without text; not NDEF formatted likewise", async () => {
    const refusing = new FakeType2Tag();
    refusing.refusesReadsFrom = 3;
    expect(await readToken(refusing)).toMatchObject({ type: "nfc", uid: "04010203040506", text: "", data: "", note: expect.stringContaining("page 3") });
    expect(await readToken(new FakeType2Tag([0, 0, 0, 0]))).toMatchObject({ type: "nfc", text: "", note: "not NDEF formatted" });
  });

  test("a transport failure, or a tag refusing past page 3, rejects the read as it came", async () => {
    const broken = new FakeType2Tag().withText(LONG);
    broken.readPages = async () => {
      throw new Error("reader unplugged");
    };
    await expect(readToken(broken)).rejects.toThrow("reader unplugged");
    const partial = new FakeType2Tag().withText(LONG);
    partial.refusesReadsFrom = 7;
    await expect(readToken(partial)).rejects.toBeInstanceOf(TagRefusedError);
  });

  test("a short answer is the tag failing, never data", async () => {
    const tag = new FakeType2Tag().withText("x");
    tag.readLength = 8;
    expect(await readToken(tag)).toMatchObject({ type: "nfc", text: "", note: expect.stringContaining("8 bytes") });
    await expectFailed(tag, "8 bytes");
    expect(tag.writes()).toEqual([]);
  });
});

describe("Type 2 tag writes", () => {
  test("page 4 is blanked first and written last, then everything is read back; the text reads on the next tap", async () => {
    const tag = new FakeType2Tag().withText("old");
    const result = await writeText(tag, LONG);
    const image = buildNdefTlv(buildMessage([textRecord(LONG)]));
    const pages = Math.ceil(image.length / 4);
    expect(result).toEqual({ uid: "04010203040506", pages });
    const writes = tag.writes();
    expect(writes[0]).toBe("write 4 0300fe00");
    expect(writes.at(-1)).toBe(`write 4 ${Buffer.from(image.subarray(0, 4)).toString("hex")}`);
    expect(writes.map((w) => Number(w.split(" ")[1]))).toEqual([4, ...Array.from({ length: pages - 1 }, (_, i) => 5 + i), 4]);
    expect(tag.ops.at(-1)!.startsWith("read")).toBe(true); // verified after the last write
    expect((await readToken(tag.replace())).text).toBe(LONG);
  });

  const cuts: [string, (tag: FakeType2Tag) => void, string[]][] = [
    ["the tag leaves the field after page 5", (tag) => (tag.leavesAfterPage = 5), ["page 6", "no partial message"]],
    ["the transport fails at page 7", (tag) => (tag.linkFailsAtPage = 7), ["page 7", "link lost"]],
  ];
  test.each(cuts)("a write cut short (%s) is 'failed' and leaves the tag reading as empty, never as a truncated text", async (_, cut, phrases) => {
    const tag = new FakeType2Tag().withText("an old text that was here before");
    cut(tag);
    await expectFailed(tag, ...phrases);
    expect(tag.writes()[0]).toBe("write 4 0300fe00");
    expect(await readToken(tag.replace())).toMatchObject({ type: "ntag215", text: "", data: "" });
  });

  test("a text too large for the data area is 'too-large' and nothing is written", async () => {
    const tag = new FakeType2Tag().withText("keep me");
    const err = await writeFailure(tag, "y".repeat(600));
    expect(err.reason).toBe("too-large");
    expect(err.message).toMatch(/too large.*holds 496/);
    expect(tag.writes()).toEqual([]);
    expect((await readToken(tag)).text).toBe("keep me");
  });

  test("a read-only or unformatted capability container is 'unsupported' and nothing is written", async () => {
    const readOnly = new FakeType2Tag([0xe1, 0x10, 0x3e, 0x0f]).withText("locked");
    expect(await writeFailure(readOnly, "x")).toMatchObject({ reason: "unsupported", message: "the tag is read-only" });
    expect(readOnly.writes()).toEqual([]);
    const blank = new FakeType2Tag([0, 0, 0, 0]);
    expect(await writeFailure(blank, "x")).toMatchObject({ reason: "unsupported", message: "the tag is not NDEF formatted" });
    expect(blank.writes()).toEqual([]);
  });

  test("a capability container that cannot be read is 'failed' (the tag may have left), not 'unsupported'", async () => {
    const tag = new FakeType2Tag();
    tag.refusesReadsFrom = 3;
    await expectFailed(tag, "capability container");
    expect(tag.writes()).toEqual([]);
  });

  test("a read-back that differs from what was written is 'failed'", async () => {
    const tag = new FakeType2Tag();
    tag.corruptsPage = 6;
    await expectFailed(tag, "verification failed");
  });

  test("a read-back that cannot be read is 'failed'", async () => {
    const tag = new FakeType2Tag();
    tag.refusesReadsFrom = 4;
    await expectFailed(tag, "could not read the tag back");
  });
});
