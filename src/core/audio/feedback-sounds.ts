import { toneWav } from "./wav.ts";

/**
 * The scan feedback sounds, built in (about 3–5 KiB each as WAV): a rising two-note chirp when a scanned
 * token launched, a low double buzz when it failed.
 */
export type FeedbackSound = "success" | "fail";

let cache: Record<FeedbackSound, Uint8Array> | null = null;

export function feedbackSound(kind: FeedbackSound): Uint8Array {
  cache ??= {
    success: toneWav([
      { hz: 1320, ms: 70 },
      { hz: 0, ms: 15 },
      { hz: 1760, ms: 110 },
    ]),
    fail: toneWav([
      { hz: 220, ms: 130 },
      { hz: 0, ms: 40 },
      { hz: 196, ms: 180 },
    ]),
  };
  return cache[kind];
}
