import { describe, expect, test } from "bun:test";
import {
  buildMessage,
  buildNdefTlv,
  decodeText,
  decodeUri,
  findNdefTlv,
  messageText,
  ndefContent,
  parseCapabilityContainer,
  parseMessage,
  planNdefWrite,
  tagTypeName,
  TagCapacityError,
  textRecord,
  uriRecord,
} from "../../src/core/ndef/index.ts";

const hex = (s: string) => Uint8Array.from(s.replace(/\s+/g, "").match(/../g)!.map((b) => Number.parseInt(b, 16)));
const toHex = (b: Uint8Array) => Buffer.from(b).toString("hex");

describe("NDEF records", () => {
  test("a Text record has the layout tags carry: D1 01 len 54 02 'en' text", () => {
    const msg = buildMessage([textRecord("SNES/Mario.sfc")]);
    expect(toHex(msg)).toBe(`d101115402656e${toHex(new TextEncoder().encode("SNES/Mario.sfc"))}`);
    expect(messageText(parseMessage(msg))).toBe("SNES/Mario.sfc");
  });

  test("a payload over 255 bytes uses the long record form and survives a round trip", () => {
    const text = "x".repeat(300) + "é";
    const msg = buildMessage([textRecord(text)]);
    expect(msg[0]).toBe(0xc1);
    expect(messageText(parseMessage(msg))).toBe(text);
  });

  test("URI records expand their prefix code", () => {
    expect(decodeUri(parseMessage(hex("d1010c5504 7a617061726f6f2e6f7267"))[0]!)).toBe("https://zaparoo.org");
    const r = uriRecord("https://www.example.com/x");
    expect(r.payload[0]).toBe(0x02);
    expect(messageText(parseMessage(buildMessage([r])))).toBe("https://www.example.com/x");
  });

  test("UTF-16 text and other language codes decode", () => {
    const payload = Uint8Array.of(0x82, 0x64, 0x65, 0xff, 0xfe, 0x48, 0x00, 0x69, 0x00);
    const rec = { tnf: 1, type: Uint8Array.of(0x54), id: new Uint8Array(0), payload };
    expect(decodeText(rec)).toBe("Hi");
  });

  test("the first Text or URI record gives the token text; other records are skipped", () => {
    const other = { tnf: 2, type: new TextEncoder().encode("text/plain"), id: new Uint8Array(0), payload: Uint8Array.of(1) };
    expect(messageText(parseMessage(buildMessage([other, textRecord("second")])))).toBe("second");
    expect(messageText(parseMessage(buildMessage([other])))).toBe("");
  });

  test("cut-short and chunked records are refused with a reason", () => {
    expect(() => parseMessage(hex("d1010f5402656e41"))).toThrow(/past the message end/);
    expect(() => parseMessage(hex("d1"))).toThrow(/cut short/);
    expect(() => parseMessage(hex("b10101 54 00"))).toThrow(/chunked/);
  });
});

describe("Type 2 TLVs", () => {
  test("finds the NDEF TLV after NULL and lock control TLVs", () => {
    const area = hex("00 01 03 a0 0c 34 03 03 d1 01 00 fe 00 00");
    const r = findNdefTlv(area);
    expect(r.kind).toBe("ndef");
    if (r.kind === "ndef") expect(toHex(r.message)).toBe("d10100");
  });

  test("three-byte lengths, short data and terminators", () => {
    const long = buildNdefTlv(new Uint8Array(300).fill(7));
    expect(toHex(long.slice(0, 4))).toBe("03ff012c");
    expect(findNdefTlv(long.slice(0, 16))).toEqual({ kind: "short", needed: 304 });
    const r = findNdefTlv(long);
    expect(r.kind === "ndef" && r.message.length).toBe(300);
    expect(findNdefTlv(hex("fe 03 01 00"))).toEqual({ kind: "none" });
    expect(findNdefTlv(hex("0300fe00"))).toMatchObject({ kind: "ndef", message: new Uint8Array(0) });
  });

  test("a length running past the data area is invalid, not a request to read more", () => {
    expect(findNdefTlv(hex("03 ff 10 00"), 496).kind).toBe("invalid");
    expect(findNdefTlv(hex("03 ff 00 10"), 496).kind).toBe("invalid");
  });
});

describe("Type 2 tag writes", () => {
  test("capability containers name the tag", () => {
    expect(tagTypeName(parseCapabilityContainer(hex("e1103e00")))).toBe("ntag215");
    expect(tagTypeName(parseCapabilityContainer(hex("e1101200")))).toBe("ntag213");
    expect(tagTypeName(parseCapabilityContainer(hex("e1106d00")))).toBe("ntag216");
    expect(parseCapabilityContainer(hex("e1103e0f")).writable).toBe(false);
    expect(parseCapabilityContainer(hex("00000000")).ndef).toBe(false);
  });

  test("page 4 is blanked first and written last, so a cut-off write reads as an empty tag", () => {
    const msg = buildMessage([textRecord("Genesis/Sonic.md")]);
    const { writes, image } = planNdefWrite(msg, 496);
    expect(writes[0]).toEqual({ page: 4, bytes: Uint8Array.of(3, 0, 0xfe, 0) });
    expect(writes.at(-1)!.page).toBe(4);
    expect(toHex(writes.at(-1)!.bytes)).toBe(toHex(image.slice(0, 4)));
    // Simulate every interruption point: the tag must read as either the old (blank) state or the new text.
    const tag = new Uint8Array(496);
    for (let cut = 0; cut <= writes.length; cut++) {
      const mem = tag.slice();
      for (const w of writes.slice(0, cut)) mem.set(w.bytes, (w.page - 4) * 4);
      const r = findNdefTlv(mem, 496);
      if (r.kind === "ndef") {
        const text = messageText(parseMessage(r.message));
        expect(["", "Genesis/Sonic.md"]).toContain(text);
        if (cut < writes.length) expect(text).toBe("");
      }
    }
    const done = tag.slice();
    for (const w of writes) done.set(w.bytes, (w.page - 4) * 4);
    const r = findNdefTlv(done, 496);
    expect(r.kind === "ndef" && messageText(parseMessage(r.message))).toBe("Genesis/Sonic.md");
  });

  test("text larger than the data area is refused before any write", () => {
    const msg = buildMessage([textRecord("y".repeat(200))]);
    expect(() => planNdefWrite(msg, 144)).toThrow(TagCapacityError);
    expect(() => planNdefWrite(msg, 496)).not.toThrow();
  });
});

describe("the content a reader reports", () => {
  test("a complete message: its text and its bytes as hex", () => {
    const msg = buildMessage([textRecord("**launch.random:SNES")]);
    const scan = findNdefTlv(buildNdefTlv(msg));
    if (scan.kind === "short") throw new Error("scan incomplete");
    expect(ndefContent(scan)).toEqual({ text: "**launch.random:SNES", data: toHex(msg) });
  });

  test("no message, a broken TLV, or a message that does not parse: empty text and the reason", () => {
    expect(ndefContent({ kind: "none" })).toEqual({ text: "", data: "", note: "no NDEF message" });
    expect(ndefContent({ kind: "invalid", reason: "bad length" })).toEqual({ text: "", data: "", note: "bad length" });
    const junk = hex("d1 01 ff 54");
    const got = ndefContent({ kind: "ndef", message: junk, start: 2, end: 6 });
    expect(got.text).toBe("");
    expect(got.data).toBe("d101ff54");
    expect(got.note).toBeString();
  });
});
