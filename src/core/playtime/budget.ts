/**
 * Playtime budget arithmetic: given the limits in force, the time played in the current session and today, and
 * the warning intervals already announced, what remains, which limit (if any) is reached, which warning is due
 * and when the next thing happens. No clock and no storage: the playtime service feeds it numbers (ms).
 */

export type LimitReason = "daily" | "session";

export interface Limits {
  enabled: boolean;
  /** 0: no daily limit. */
  dailyMs: number;
  /** 0: no session limit. */
  sessionMs: number;
  /** Remaining-time thresholds that each get one warning per game. */
  warningsMs: readonly number[];
}

/** A launch is refused when less than this remains: a game that would be stopped at once is not started. */
export const MINIMUM_VIABLE_SESSION_MS = 60_000;

/** The warning intervals used when the config lists none. */
export const DEFAULT_WARNINGS_MS: readonly number[] = [300_000, 120_000, 60_000];

export interface Interval {
  start: number;
  end: number;
}

export interface Budget {
  /** null: no session limit applies. */
  sessionRemainingMs: number | null;
  /** null: no daily limit applies. */
  dailyRemainingMs: number | null;
  /** The smaller of the two; null when neither applies. */
  remainingMs: number | null;
  /** The limit that is used up, session first. */
  reached: LimitReason | null;
}

/** Local midnight of the day `now` falls in. */
export function dayStart(now: number): number {
  const d = new Date(now);
  d.setHours(0, 0, 0, 0);
  return d.getTime();
}

/** Total length of the parts of `intervals` that fall inside [from, to]. */
export function overlapMs(intervals: readonly Interval[], from: number, to: number): number {
  let sum = 0;
  for (const i of intervals) sum += Math.max(0, Math.min(i.end, to) - Math.max(i.start, from));
  return sum;
}

const left = (limit: number, used: number): number | null => (limit > 0 ? Math.max(0, limit - used) : null);

export function budget(limits: Limits, sessionUsedMs: number, dailyUsedMs: number): Budget {
  if (!limits.enabled) return { sessionRemainingMs: null, dailyRemainingMs: null, remainingMs: null, reached: null };
  const sessionRemainingMs = left(limits.sessionMs, sessionUsedMs);
  const dailyRemainingMs = left(limits.dailyMs, dailyUsedMs);
  const known = [sessionRemainingMs, dailyRemainingMs].filter((v): v is number => v !== null);
  const remainingMs = known.length ? Math.min(...known) : null;
  const reached: LimitReason | null = sessionRemainingMs === 0 ? "session" : dailyRemainingMs === 0 ? "daily" : null;
  return { sessionRemainingMs, dailyRemainingMs, remainingMs, reached };
}

/** Why a new launch must be refused now (a limit used up, or less than a viable minute left), or null. */
export function launchRefusal(limits: Limits, sessionUsedMs: number, dailyUsedMs: number): LimitReason | null {
  const b = budget(limits, sessionUsedMs, dailyUsedMs);
  if (b.dailyRemainingMs !== null && b.dailyRemainingMs < MINIMUM_VIABLE_SESSION_MS) return "daily";
  if (b.sessionRemainingMs !== null && b.sessionRemainingMs < MINIMUM_VIABLE_SESSION_MS) return "session";
  return null;
}

/**
 * The warnings crossed with `remainingMs` left that were not yet announced (largest first); the smallest of
 * them is the one to announce, all of them count as given (a short budget does not get three warnings at once).
 */
export function crossedWarnings(remainingMs: number, intervalsMs: readonly number[], given: ReadonlySet<number>): number[] {
  return [...new Set(intervalsMs)].filter((i) => i > 0 && remainingMs <= i && !given.has(i)).sort((a, b) => b - a);
}

/** Time from now until the next warning threshold or the limit itself, with `remainingMs` left. */
export function msUntilNextEvent(remainingMs: number, intervalsMs: readonly number[], given: ReadonlySet<number>): number {
  const waits = intervalsMs.filter((i) => i > 0 && i < remainingMs && !given.has(i)).map((i) => remainingMs - i);
  return Math.max(0, Math.min(remainingMs, ...waits));
}

/**
 * The session the latest games belong to, rebuilt from stored play (after a restart): games whose gaps are
 * shorter than the reset gap form one session, if the last one ended less than the gap ago. `games` newest
 * first. A gap of 0 means a session never resets by itself.
 */
export function sessionFromHistory(games: readonly Interval[], now: number, resetGapMs: number): { cumulativeMs: number; lastEnd: number } | null {
  const newest = games[0];
  if (!newest) return null;
  const within = (gap: number) => resetGapMs === 0 || gap < resetGapMs;
  if (!within(Math.max(0, now - newest.end))) return null;
  let cumulativeMs = 0;
  let prevStart = newest.start;
  for (const [i, g] of games.entries()) {
    if (i > 0 && !within(Math.max(0, prevStart - g.end))) break;
    cumulativeMs += Math.max(0, g.end - g.start);
    prevStart = g.start;
  }
  return cumulativeMs > 0 ? { cumulativeMs, lastEnd: newest.end } : null;
}
