import { describe, expect, test } from "bun:test";
import { feedbackSound } from "../../src/core/audio/feedback-sounds.ts";
import { encodeWav, toneSamples, WAV_SAMPLE_RATE } from "../../src/core/audio/wav.ts";

describe("WAV encoder", () => {
  test("writes a canonical 44-byte PCM header: mono, unsigned 8-bit", () => {
    const wav = encodeWav(new Uint8Array([128, 200, 56]), 8000);
    const v = new DataView(wav.buffer);
    const ascii = (at: number) => String.fromCharCode(...wav.subarray(at, at + 4));
    expect([ascii(0), ascii(8), ascii(12), ascii(36)]).toEqual(["RIFF", "WAVE", "fmt ", "data"]);
    expect(v.getUint32(4, true)).toBe(36 + 3);
    expect([v.getUint32(16, true), v.getUint16(20, true), v.getUint16(22, true)]).toEqual([16, 1, 1]);
    expect([v.getUint32(24, true), v.getUint32(28, true), v.getUint16(32, true), v.getUint16(34, true)]).toEqual([8000, 8000, 1, 8]);
    expect(v.getUint32(40, true)).toBe(3);
    expect([...wav.subarray(44)]).toEqual([128, 200, 56]);
  });

  test("tones: the right length, silence is 128, fades start and end at the midpoint", () => {
    const s = toneSamples([{ hz: 1000, ms: 50 }, { hz: 0, ms: 10 }], 8000);
    expect(s.length).toBe(400 + 80);
    expect(s[0]).toBe(128);
    expect(s[399]).toBe(128);
    expect([...s.subarray(400)].every((b) => b === 128)).toBe(true);
    expect(Math.max(...s)).toBeGreaterThan(170);
    expect(Math.min(...s)).toBeLessThan(86);
  });

  test("feedback sounds are small, distinct, and the same on every call", () => {
    for (const kind of ["success", "fail"] as const) {
      const wav = feedbackSound(kind);
      expect(wav.length).toBeLessThan(8 * 1024);
      expect(new DataView(wav.buffer).getUint32(24, true)).toBe(WAV_SAMPLE_RATE);
      expect(feedbackSound(kind)).toBe(wav);
    }
    expect(feedbackSound("success")).not.toEqual(feedbackSound("fail"));
  });
});
