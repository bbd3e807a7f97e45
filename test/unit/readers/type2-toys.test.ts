/**
 * Amiibo and Lego Dimensions recognition: the pure signatures (src/core/ndef/type2-toys.ts) and the Type 2 read
 * and write paths every NFC driver shares (src/readers/type2/tag-io.ts), over an in-memory tag laid out as the
 * toys are (test/fixtures/nfc-toys.ts).
 */
import { describe, expect, test } from "bun:test";
import { amiiboData, isAmiibo, legoDimensionsCheck, mayBeAmiibo } from "../../../src/core/ndef/type2-toys.ts";
import type { Type2Pages } from "../../../src/readers/type2/pages.ts";
import { readToken, writeText } from "../../../src/readers/type2/tag-io.ts";
import { ReaderWriteError } from "../../../src/readers/types.ts";
import { AMIIBO_LINK_ID, layAmiibo, layLegoDimensions } from "../../fixtures/nfc-toys.ts";

const UID = Uint8Array.of(0x04, 0x21, 0x32, 0x43, 0x54, 0x65, 0x76);
const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");

function memoryTag(lay: (m: Uint8Array) => Uint8Array): Type2Pages & { memory: Uint8Array; ops: string[] } {
  const memory = new Uint8Array(135 * 4);
  memory.set(UID.subarray(0, 3), 0);
  memory.set(UID.subarray(3), 4);
  lay(memory);
  const ops: string[] = [];
  return {
    memory,
    ops,
    readUid: async () => UID,
    readPages: async (page) => {
      ops.push(`read ${page}`);
      return memory.slice(page * 4, page * 4 + 16);
    },
    writePage: async (page, bytes) => {
      ops.push(`write ${page}`);
      memory.set(bytes, page * 4);
    },
  };
}

describe("toy signatures (pure)", () => {
  test("Amiibo: bytes 9–15 of the first read are 48 0F E0 F1 10 FF EE; its data is the 8 bytes at page 21", () => {
    const m = layAmiibo(new Uint8Array(540));
    expect(mayBeAmiibo(m.subarray(12, 16))).toBe(true);
    expect(isAmiibo(m.subarray(0, 16))).toBe(true);
    expect(amiiboData(m.subarray(84, 100))).toBe(AMIIBO_LINK_ID);
    const notQuite = m.slice(0, 16);
    notQuite[9] = 0x00; // internal byte of a plain NTAG215
    expect(isAmiibo(notQuite)).toBe(false);
    expect(mayBeAmiibo(Uint8Array.of(0xe1, 0x10, 0x3e, 0x00))).toBe(false);
    expect(isAmiibo(m.subarray(0, 12))).toBe(false);
    expect(() => amiiboData(new Uint8Array(4))).toThrow(RangeError);
  });

  test("Lego Dimensions: the data area starts 01 03 A0 0C 34 03 13 D1 01 0F 54 02 65 6E; a matching prefix asks for more", () => {
    const area = layLegoDimensions(new Uint8Array(180)).subarray(16);
    expect(legoDimensionsCheck(area)).toBe("yes");
    expect(legoDimensionsCheck(area.subarray(0, 12))).toBe("more");
    expect(legoDimensionsCheck(Uint8Array.of(0x03, 0x00, 0xfe))).toBe("no");
    const other = area.slice(0, 14);
    other[13] = 0x66;
    expect(legoDimensionsCheck(other)).toBe("no");
  });
});

describe("toys through the Type 2 read and write paths", () => {
  test("an Amiibo reads as type Amiibo, data = its figure id, no text (page 3, page 0 to be sure, page 21)", async () => {
    const tag = memoryTag((m) => layAmiibo(m));
    expect(await readToken(tag)).toEqual({ type: "Amiibo", uid: hex(UID), text: "", data: AMIIBO_LINK_ID });
    expect(tag.ops).toEqual(["read 3", "read 0", "read 21"]);
  });

  test("a Lego Dimensions figure reads as type LegoDimensions with no data and no text, not as its Text record", async () => {
    const tag = memoryTag(layLegoDimensions);
    expect(await readToken(tag)).toEqual({ type: "LegoDimensions", uid: hex(UID), text: "", data: "" });
    expect(tag.ops).toEqual(["read 3", "read 7"]);
  });

  test("a plain NTAG costs no extra read", async () => {
    const tag = memoryTag((m) => {
      m.set([0xe1, 0x10, 0x3e, 0x00, 0x03, 0x00, 0xfe], 12);
      return m;
    });
    expect(await readToken(tag)).toMatchObject({ type: "ntag215", text: "", data: "" });
    expect(tag.ops).toEqual(["read 3"]);
  });

  test.each([
    ["Amiibo", (m: Uint8Array) => layAmiibo(m), /an Amiibo/],
    ["Lego Dimensions", layLegoDimensions, /a Lego Dimensions toy/],
  ] as const)("writing to an %s is refused as 'unsupported' and no page changes", async (_, lay, says) => {
    const tag = memoryTag(lay);
    const before = tag.memory.slice();
    const err = await writeText(tag, "**launch.random:snes").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ReaderWriteError);
    expect((err as ReaderWriteError).reason).toBe("unsupported");
    expect((err as ReaderWriteError).message).toMatch(says);
    expect(tag.ops.filter((o) => o.startsWith("write"))).toEqual([]);
    expect(hex(tag.memory)).toBe(hex(before));
  });
});
