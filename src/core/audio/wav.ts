/**
 * A tiny WAV encoder for the feedback sounds: mono, unsigned 8-bit PCM, sine tones with a short fade at each
 * end (no clicks). Pure and deterministic, so the sounds are part of the binary without any asset file.
 */

export interface Tone {
  /** Frequency in Hz; 0 is silence. */
  hz: number;
  ms: number;
}

export const WAV_SAMPLE_RATE = 16_000;
const FADE_MS = 6;
const AMPLITUDE = 0.45;

/** RIFF/WAVE header (44 bytes) followed by the samples. */
export function encodeWav(samples: Uint8Array, sampleRate = WAV_SAMPLE_RATE): Uint8Array {
  const out = new Uint8Array(44 + samples.length);
  const view = new DataView(out.buffer);
  const ascii = (offset: number, text: string) => {
    for (let i = 0; i < text.length; i++) out[offset + i] = text.charCodeAt(i);
  };
  ascii(0, "RIFF");
  view.setUint32(4, 36 + samples.length, true);
  ascii(8, "WAVE");
  ascii(12, "fmt ");
  view.setUint32(16, 16, true); // fmt chunk size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate, true); // byte rate: 1 byte per sample
  view.setUint16(32, 1, true); // block align
  view.setUint16(34, 8, true); // bits per sample
  ascii(36, "data");
  view.setUint32(40, samples.length, true);
  out.set(samples, 44);
  return out;
}

/** Tones one after another as unsigned 8-bit samples (128 = silence). */
export function toneSamples(tones: readonly Tone[], sampleRate = WAV_SAMPLE_RATE): Uint8Array {
  const total = tones.reduce((n, t) => n + Math.round((t.ms * sampleRate) / 1000), 0);
  const out = new Uint8Array(total).fill(128);
  let at = 0;
  for (const t of tones) {
    const n = Math.round((t.ms * sampleRate) / 1000);
    const fade = Math.min(Math.round((FADE_MS * sampleRate) / 1000), Math.floor(n / 2));
    for (let i = 0; i < n && t.hz > 0; i++) {
      const envelope = Math.min(1, i / fade, (n - 1 - i) / fade);
      const v = Math.sin((2 * Math.PI * t.hz * i) / sampleRate) * AMPLITUDE * envelope;
      out[at + i] = Math.max(0, Math.min(255, Math.round(128 + v * 127)));
    }
    at += n;
  }
  return out;
}

export function toneWav(tones: readonly Tone[], sampleRate = WAV_SAMPLE_RATE): Uint8Array {
  return encodeWav(toneSamples(tones, sampleRate), sampleRate);
}
