/** The `media.indexing` fields a progress display reads. */
export interface IndexProgress {
  indexing: boolean;
  totalSteps?: number;
  currentStep?: number;
  currentStepDisplay?: string;
  totalFiles?: number;
}

/**
 * One line describing indexing progress: `[#####-----] 3/60 Super Nintendo · 1234 files`. With a width
 * (a terminal's columns) the bar fills what the text leaves, and the line never exceeds the width; with 0 it
 * is a plain log line without a bar. Pure.
 */
export function progressLine(p: IndexProgress, width: number): string {
  const total = Math.max(p.totalSteps ?? 0, 0);
  const step = Math.min(Math.max(p.currentStep ?? 0, 0), total);
  const text = `${step}/${total}${p.currentStepDisplay ? ` ${p.currentStepDisplay}` : ""} · ${p.totalFiles ?? 0} files`;
  if (width <= 0) return `indexing ${text}`;
  const barWidth = Math.min(30, width - text.length - 4);
  if (barWidth < 5) return text.slice(0, Math.max(width - 1, 0));
  const filled = total > 0 ? Math.round((step / total) * barWidth) : 0;
  return `[${"#".repeat(filled)}${"-".repeat(barWidth - filled)}] ${text}`.slice(0, width - 1);
}
