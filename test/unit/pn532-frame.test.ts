import { describe, expect, test } from "bun:test";
import { CMD, LIST_ONE_TYPE_A, maxRetries, parseFirmwareVersion, parseTypeATarget, SAM_NORMAL, tagFamily } from "../../src/readers/pn532/commands.ts";
import { ACK, commandFrame, encodeFrame, FrameParser, NACK } from "../../src/readers/pn532/frame.ts";

const hex = (s: string) => Uint8Array.from(s.split(/\s+/).filter(Boolean).map((b) => Number.parseInt(b, 16)));
const show = (b: Uint8Array) => [...b].map((x) => x.toString(16).padStart(2, "0").toUpperCase()).join(" ");

describe("PN532 frames: the note's worked bytes (UM0701-02 §6.2)", () => {
  test.each([
    ["GetFirmwareVersion", CMD.GetFirmwareVersion, [], "00 00 FF 02 FE D4 02 2A 00"],
    ["SAMConfiguration", CMD.SAMConfiguration, [...SAM_NORMAL], "00 00 FF 05 FB D4 14 01 14 01 02 00"],
    ["RFConfiguration max retries", CMD.RFConfiguration, maxRetries(0x02), "00 00 FF 06 FA D4 32 05 FF 01 02 F3 00"],
    ["InListPassiveTarget", CMD.InListPassiveTarget, [...LIST_ONE_TYPE_A], "00 00 FF 04 FC D4 4A 01 00 E1 00"],
    ["READ page 4", CMD.InDataExchange, [0x01, 0x30, 0x04], "00 00 FF 05 FB D4 40 01 30 04 B7 00"],
    ["InRelease all", CMD.InRelease, [0x00], "00 00 FF 03 FD D4 52 00 DA 00"],
  ])("%s", (_name, code, params, bytes) => {
    expect(show(commandFrame(code, params))).toBe(bytes);
  });

  test("ACK and NACK", () => {
    expect(show(ACK)).toBe("00 00 FF 00 FF 00");
    expect(show(NACK)).toBe("00 00 FF FF 00 00");
  });

  test("extended frame for a body over 254 bytes, and it parses back", () => {
    const body = new Uint8Array(300).fill(0x11);
    body[0] = 0xd5;
    const f = encodeFrame(body);
    expect(show(f.subarray(0, 8))).toBe("00 00 FF FF FF 01 2C D3");
    expect(f.length).toBe(8 + 300 + 2);
    expect(new FrameParser().push(f)).toEqual([{ kind: "frame", body }]);
  });
});

describe("PN532 frame parser", () => {
  const fw = hex("00 00 FF 06 FA D5 03 32 01 06 07 E8 00");

  test("reads ACK, then the firmware answer, split at every byte", () => {
    const p = new FrameParser();
    const items = [...hex("00 00 FF 00 FF 00"), ...fw].flatMap((b) => p.push(Uint8Array.of(b)));
    expect(items).toEqual([{ kind: "ack" }, { kind: "frame", body: hex("D5 03 32 01 06 07") }]);
    expect(p.pending).toBeLessThanOrEqual(1);
    expect(parseFirmwareVersion(hex("32 01 06 07"))).toEqual({ ic: 0x32, version: 1, revision: 6, support: 7 });
  });

  test("NACK and the application error frame", () => {
    expect(new FrameParser().push(hex("00 00 FF FF 00 00 00 00 FF 01 FF 7F 81 00"))).toEqual([{ kind: "nack" }, { kind: "error" }]);
  });

  test("a bad data checksum is reported, and the next good frame still comes through", () => {
    const bad = fw.slice();
    bad[11] = 0xe9;
    expect(new FrameParser().push(Uint8Array.from([...bad, ...fw]))).toEqual([
      { kind: "corrupt", reason: "data checksum" },
      { kind: "frame", body: hex("D5 03 32 01 06 07") },
    ]);
  });

  test("a bad length checksum is reported", () => {
    expect(new FrameParser().push(hex("00 00 FF 06 FB D5 03 32 01 06 07 E8 00"))[0]).toEqual({ kind: "corrupt", reason: "length checksum" });
  });

  test("a cut-off frame followed by the repeated whole frame yields the whole one", () => {
    const p = new FrameParser();
    expect(p.push(fw.subarray(0, 8))).toEqual([]);
    const items = p.push(fw);
    expect(items.filter((i) => i.kind === "frame")).toEqual([{ kind: "frame", body: hex("D5 03 32 01 06 07") }]);
  });

  test("noise before the preamble is skipped", () => {
    expect(new FrameParser().push(Uint8Array.from([0x55, 0x12, 0xff, ...fw]))).toEqual([{ kind: "frame", body: hex("D5 03 32 01 06 07") }]);
  });
});

describe("PN532 answers", () => {
  test("InListPassiveTarget with an NTAG215 (7-byte UID)", () => {
    const t = parseTypeATarget(hex("01 01 00 44 00 07 04 A1 B2 C3 D4 E5 80"))!;
    expect(t).toEqual({ tg: 1, atqa: 0x0044, sak: 0, uid: hex("04 A1 B2 C3 D4 E5 80") });
    expect(tagFamily(t)).toBe("ntag");
  });

  test("MIFARE Classic 1K and 4K by SAK; none found", () => {
    expect(tagFamily(parseTypeATarget(hex("01 01 00 04 08 04 DE AD BE EF"))!)).toBe("mifare_classic_1k");
    expect(tagFamily(parseTypeATarget(hex("01 01 00 02 18 04 DE AD BE EF"))!)).toBe("mifare_classic_4k");
    expect(parseTypeATarget(hex("00"))).toBeNull();
  });

  test("a truncated target is an error, not a crash", () => {
    expect(() => parseTypeATarget(hex("01 01 00 44 00 07 04 A1"))).toThrow(/cut short/);
  });
});
