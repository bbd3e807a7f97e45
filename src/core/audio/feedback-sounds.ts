import { toneWav } from "./wav.ts";

/**
 * The scan feedback sounds, built in (about 3–5 KiB each as WAV): a rising two-note chirp when a scanned
 * token launched, a low double buzz when it failed; for the launch guard, a single soft mid tone when a token is
 * held back ("staged") and a quick high double blip when a re-tap would now launch it ("ready").
 */
export type FeedbackSound = "success" | "fail" | "staged" | "ready";

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
    staged: toneWav([{ hz: 660, ms: 160 }]),
    ready: toneWav([
      { hz: 1480, ms: 50 },
      { hz: 0, ms: 40 },
      { hz: 1480, ms: 50 },
    ]),
  };
  return cache[kind];
}
