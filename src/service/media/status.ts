import type { IndexingStatus } from "../../core/wire/media.ts";

export interface Progress {
  totalSteps: number;
  currentStep: number;
  currentStepDisplay: string;
  totalFiles: number;
}

/** Builds the status object from the served index and the run in progress (if any). */
export function indexingStatus(index: { exists: boolean; totalMedia: number; lastIndexed: string }, progress: Progress | null): IndexingStatus {
  if (progress) {
    const s: IndexingStatus = { exists: index.exists, indexing: true, optimizing: false, totalSteps: progress.totalSteps, currentStep: progress.currentStep, totalFiles: progress.totalFiles };
    if (progress.currentStepDisplay !== "") s.currentStepDisplay = progress.currentStepDisplay;
    return s;
  }
  if (!index.exists) return { exists: false, indexing: false, optimizing: false };
  return { exists: true, indexing: false, optimizing: false, totalMedia: index.totalMedia, lastIndexed: index.lastIndexed };
}

/**
 * Rate limit for progress notifications: the first and the last of a run always go out, the ones between at
 * most once per `intervalMs`. Pure apart from the injected clock.
 */
export class ProgressThrottle {
  private last = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly intervalMs: number,
    private readonly now: () => number,
    private readonly publish: (status: IndexingStatus) => void,
  ) {}

  offer(status: IndexingStatus, force = false): void {
    const t = this.now();
    if (!force && t - this.last < this.intervalMs) return;
    this.last = t;
    this.publish(status);
  }
}
