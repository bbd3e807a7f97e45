/** The result of a hand-written pattern scan: the match's bounds and those of its captures. */
export interface ScanMatch {
  readonly start: number;
  readonly end: number;
  readonly cap1s: number;
  readonly cap1e: number;
  readonly cap2s: number;
  readonly cap2e: number;
  /** "A"–"D" for a disc pattern's side, else "". */
  readonly side: string;
}

export function scanMatch(
  start: number,
  end: number,
  cap1s: number,
  cap1e: number,
  cap2s = 0,
  cap2e = 0,
  side = "",
): ScanMatch {
  return { start, end, cap1s, cap1e, cap2s, cap2e, side };
}
