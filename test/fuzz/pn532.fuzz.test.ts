/**
 * PN532 host-link frames: the incremental parser yields the same items however the byte stream is split,
 * holds back at most one frame's worth of bytes, and gives back every frame the encoder wrote.
 */
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { ACK, encodeFrame, EXTENDED_MAX, type FrameItem, FrameParser, NACK } from "../../src/readers/pn532/frame.ts";
import { anyBytes, mutatedBytes } from "./arbitraries.ts";
import { fuzz, fuzzTimeout } from "./runs.ts";

/** Longest a pending frame can be: extended header (7), body, checksum. */
const MAX_PENDING = 7 + EXTENDED_MAX + 1;

const bodyArb = fc.oneof({ weight: 6, arbitrary: fc.uint8Array({ minLength: 1, maxLength: 40 }) }, { weight: 1, arbitrary: fc.uint8Array({ minLength: 250, maxLength: 600 }) });
const streamArb = fc.oneof(
  anyBytes(300),
  mutatedBytes(fc.array(fc.oneof(bodyArb.map(encodeFrame), fc.constant(ACK), fc.constant(NACK), anyBytes(4)), { maxLength: 5 }).map((parts) => Uint8Array.from(parts.flatMap((p) => [...p])))),
);
/** Cut points of a stream, as the serial port might deliver it. */
const cutsArb = fc.array(fc.nat(), { maxLength: 6 });

function feed(parser: FrameParser, bytes: Uint8Array, cuts: readonly number[]): FrameItem[] {
  const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  const items: FrameItem[] = [];
  let from = 0;
  for (const to of [...points, bytes.length]) {
    items.push(...parser.push(bytes.subarray(from, to)));
    expect(parser.pending).toBeLessThanOrEqual(MAX_PENDING);
    from = to;
  }
  return items;
}

describe("fuzz: PN532 frames", () => {
  test("frame.FrameParser: any stream gives the same items in one piece or in chunks; pending stays bounded", () => {
    fuzz(
      fc.property(streamArb, cutsArb, (bytes, cuts) => {
        const whole = new FrameParser();
        const once = whole.push(bytes);
        expect(whole.pending).toBeLessThanOrEqual(Math.min(bytes.length, MAX_PENDING));
        const chunked = new FrameParser();
        expect(feed(chunked, bytes, cuts)).toEqual(once);
        expect(chunked.pending).toBe(whole.pending);
        for (const item of once) if (item.kind === "frame") expect(item.body.length).toBeGreaterThan(0);
      }),
    );
  }, fuzzTimeout());

  test("frame.encodeFrame → FrameParser gives back each body after noise, ACK and NACK", () => {
    fuzz(
      fc.property(fc.array(bodyArb, { minLength: 1, maxLength: 4 }), fc.uint8Array({ maxLength: 6 }).map((n) => n.filter((b) => b !== 0x00)), cutsArb, (bodies, noise, cuts) => {
        const stream = Uint8Array.from([...noise, ...ACK, ...bodies.flatMap((b) => [...encodeFrame(b)]), ...NACK]);
        const items = feed(new FrameParser(), stream, cuts);
        const expected: FrameItem[] = bodies.map((body) => (body.length === 1 && body[0] === 0x7f ? { kind: "error" } : { kind: "frame", body }));
        expect(items).toEqual([{ kind: "ack" }, ...expected, { kind: "nack" }]);
      }),
    );
  }, fuzzTimeout());
});
