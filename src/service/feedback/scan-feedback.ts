import type { Config } from "../../config/schema.ts";
import { feedbackSound } from "../../core/audio/feedback-sounds.ts";
import type { ScannedToken } from "../../core/token.ts";
import type { SoundPlayer } from "./sound-player.ts";

/**
 * Audio feedback on scans (`audio.scan_feedback`, the API's `audioFeedback`): the success sound when a token
 * from a reader launched, the fail sound when its script failed. Launches from the API are silent.
 */
export class ScanFeedback {
  constructor(
    private readonly settings: () => Config["audio"],
    private readonly player: SoundPlayer,
  ) {}

  launched(token: ScannedToken, ok: boolean): void {
    if (token.source !== "reader" || !this.settings().scan_feedback) return;
    this.player.play(feedbackSound(ok ? "success" : "fail"));
  }

  /** A `**write:` writer card's write ended: written and verified, or not (failed, expired, cancelled). */
  wrote(ok: boolean): void {
    if (!this.settings().scan_feedback) return;
    this.player.play(feedbackSound(ok ? "success" : "fail"));
  }

  /** The launch guard held a scanned token back, or a re-tap would now launch it. */
  guard(what: "staged" | "ready"): void {
    if (!this.settings().scan_feedback) return;
    this.player.play(feedbackSound(what));
  }
}
