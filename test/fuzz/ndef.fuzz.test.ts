/**
 * NDEF and Type 2 tag memory: records, TLV areas, capability containers and a tag's content parse any bytes
 * with only NdefError (or a classified result), and what the builders write reads back.
 */
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { ndefContent } from "../../src/core/ndef/content.ts";
import { buildMessage, decodeText, decodeUri, messageText, NdefError, type NdefRecord, parseMessage, textRecord, uriRecord } from "../../src/core/ndef/records.ts";
import { buildNdefTlv, findNdefTlv } from "../../src/core/ndef/tlv.ts";
import { parseCapabilityContainer, planNdefWrite, TagCapacityError } from "../../src/core/ndef/type2-tag.ts";
import { anyBytes, anyText, mutatedBytes, onlyThrows, wellFormed } from "./arbitraries.ts";
import { fuzz, fuzzTimeout } from "./runs.ts";

const recordArb: fc.Arbitrary<NdefRecord> = fc.record({
  tnf: fc.nat(7),
  type: anyBytes(4),
  id: anyBytes(3),
  payload: fc.oneof({ weight: 5, arbitrary: anyBytes(40) }, { weight: 1, arbitrary: fc.uint8Array({ minLength: 256, maxLength: 300 }) }),
});
const messageArb = fc.array(recordArb, { minLength: 1, maxLength: 4 }).map(buildMessage);
const ndefBytes = fc.oneof(anyBytes(300), mutatedBytes(messageArb));
const tlvArea = fc.oneof(anyBytes(80), mutatedBytes(fc.tuple(fc.array(fc.constantFrom(0x00, 0x01, 0xfd), { maxLength: 3 }), messageArb).map(([lead, m]) => Uint8Array.from([...lead, ...buildNdefTlv(m)]))));

describe("fuzz: NDEF and Type 2 tags", () => {
  test("records.parseMessage: any bytes give records inside the input or an NdefError; buildMessage round-trips", () => {
    fuzz(
      fc.property(ndefBytes, fc.array(recordArb, { minLength: 1, maxLength: 4 }), (bytes, records) => {
        const parsed = onlyThrows(NdefError, () => parseMessage(bytes));
        if (parsed) expect(parsed.reduce((n, r) => n + r.type.length + r.id.length + r.payload.length + 2, 0)).toBeLessThanOrEqual(bytes.length);
        expect(parseMessage(buildMessage(records))).toEqual(records);
      }),
    );
  }, fuzzTimeout());

  test("records: Text and URI records read back; decoding any record never throws", () => {
    const lang = fc.stringMatching(/^[a-z]{0,8}(-[A-Z]{2})?$/);
    fuzz(
      fc.property(anyText(60), lang, recordArb, (text, code, any) => {
        const text8 = wellFormed(text);
        expect(decodeText(textRecord(text8, code))).toBe(text8);
        expect(decodeUri(uriRecord(text8))).toBe(text8);
        expect(messageText([textRecord(text8, code)])).toBe(text8);
        const t = decodeText({ ...any, tnf: 1, type: Uint8Array.of(0x54) });
        const u = decodeUri({ ...any, tnf: 1, type: Uint8Array.of(0x55) });
        expect(t === null || typeof t === "string").toBe(true);
        expect(u === null || typeof u === "string").toBe(true);
      }),
    );
  }, fuzzTimeout());

  test("tlv.findNdefTlv: any area is classified, `needed` grows past the data, found bounds lie inside; buildNdefTlv round-trips", () => {
    fuzz(
      fc.property(tlvArea, fc.option(fc.nat(120), { nil: undefined }), anyBytes(300), (data, capacity, message) => {
        const scan = findNdefTlv(data, capacity);
        if (scan.kind === "short") expect(scan.needed).toBeGreaterThan(data.length);
        if (scan.kind === "ndef") {
          expect(scan.end).toBeLessThanOrEqual(Math.min(data.length, capacity ?? data.length));
          expect(scan.message).toEqual(data.slice(scan.end - scan.message.length, scan.end));
        }
        expect(findNdefTlv(buildNdefTlv(message))).toMatchObject({ kind: "ndef", message, start: 0 });
      }),
    );
  }, fuzzTimeout());

  test("type2-tag: any capability container parses; a planned write reads back as its message or is refused", () => {
    fuzz(
      fc.property(anyBytes(6), anyBytes(300), fc.nat(0xff), (cc, message, size) => {
        const parsed = parseCapabilityContainer(cc);
        expect(parsed.dataAreaBytes % 8).toBe(0);
        expect(parsed.dataAreaBytes).toBeLessThanOrEqual(0xff * 8);
        const plan = onlyThrows(TagCapacityError, () => planNdefWrite(message, size * 8));
        if (!plan) return;
        const memory: Uint8Array = new Uint8Array(plan.image.length);
        for (const w of plan.writes) memory.set(w.bytes, (w.page - 4) * 4);
        expect([...memory]).toEqual([...plan.image]);
        expect(findNdefTlv(memory, size * 8)).toMatchObject({ kind: "ndef", message });
      }),
    );
  }, fuzzTimeout());

  test("content.ndefContent: any finished scan gives text and hex or a note, never an exception", () => {
    fuzz(
      fc.property(tlvArea, (data) => {
        const scan = findNdefTlv(data, data.length);
        if (scan.kind === "short") return;
        const content = ndefContent(scan);
        expect(typeof content.text).toBe("string");
        expect(content.data).toMatch(/^([0-9a-f]{2})*$/i);
        if (scan.kind === "ndef") expect(content.data.length).toBe(2 * scan.message.length);
        else expect(content.note).toBeDefined();
      }),
    );
  }, fuzzTimeout());
});
