import { type } from "arktype";

/**
 * IndexingStatus: the `database` member of `media` and the params of `media.indexing`, with the fields the
 * reference's clients read. Optional fields are omitted, never null: `totalSteps/currentStep/
 * currentStepDisplay/totalFiles` while indexing (steps count systems, 1-based; the display is the system's
 * name), `totalMedia` and `lastIndexed` (RFC 3339) when an index exists and none is being built.
 */
export const IndexingStatus = type({
  exists: "boolean",
  indexing: "boolean",
  optimizing: "boolean",
  "totalSteps?": "number.integer >= 0",
  "currentStep?": "number.integer >= 0",
  "currentStepDisplay?": "string",
  "totalFiles?": "number.integer >= 0",
  "totalMedia?": "number.integer >= 0",
  "lastIndexed?": "string",
});
export type IndexingStatus = typeof IndexingStatus.infer;

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
