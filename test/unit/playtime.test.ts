import { describe, expect, test } from "bun:test";
import { budget, crossedWarnings, dayStart, launchRefusal, msUntilNextEvent, overlapMs, sessionFromHistory } from "../../src/core/playtime/budget.ts";
import { formatDuration, isDuration, parseDuration } from "../../src/core/playtime/duration.ts";
import { resolveLimits } from "../../src/core/playtime/limits.ts";

const MIN = 60_000;
const limits = (sessionMs: number, dailyMs = 0, warningsMs = [5 * MIN, 2 * MIN, MIN]) => ({ enabled: true, sessionMs, dailyMs, warningsMs });

describe("Go duration text", () => {
  test("parses what the reference and the app write", () => {
    expect(parseDuration("1h30m")).toBe(90 * MIN);
    expect(parseDuration("45m")).toBe(45 * MIN);
    expect(parseDuration("1h30m0s")).toBe(90 * MIN);
    expect(parseDuration("1.5h")).toBe(90 * MIN);
    expect(parseDuration("90s")).toBe(90_000);
    expect(parseDuration("250ms")).toBe(250);
    expect(parseDuration("0")).toBe(0);
    expect(parseDuration("-5m")).toBe(-5 * MIN);
  });

  test("rejects what Go rejects", () => {
    for (const bad of ["", "5", "m", "1x", "1h 30m", "h1", "--1m", "1h-5m"]) expect(parseDuration(bad)).toBeNull();
    expect(isDuration("-5m")).toBe(false);
  });

  test("formats as Go does", () => {
    expect(formatDuration(90 * MIN)).toBe("1h30m0s");
    expect(formatDuration(5 * MIN)).toBe("5m0s");
    expect(formatDuration(42_000)).toBe("42s");
    expect(formatDuration(1500)).toBe("1.5s");
    expect(formatDuration(250)).toBe("250ms");
    expect(formatDuration(0)).toBe("0s");
    expect(formatDuration(20 * MIN)).toBe("20m0s");
  });
});

describe("budget", () => {
  test("remaining per limit, the smaller overall, the session first when both are used up", () => {
    expect(budget(limits(45 * MIN, 2 * 60 * MIN), 30 * MIN, 110 * MIN)).toEqual({ sessionRemainingMs: 15 * MIN, dailyRemainingMs: 10 * MIN, remainingMs: 10 * MIN, reached: null });
    expect(budget(limits(45 * MIN, 60 * MIN), 45 * MIN, 60 * MIN).reached).toBe("session");
    expect(budget(limits(45 * MIN, 60 * MIN), 10 * MIN, 61 * MIN).reached).toBe("daily");
    expect(budget({ ...limits(MIN), enabled: false }, 5 * MIN, 0)).toEqual({ sessionRemainingMs: null, dailyRemainingMs: null, remainingMs: null, reached: null });
  });

  test("a launch is refused with less than a viable minute left, daily first", () => {
    expect(launchRefusal(limits(MIN), 0, 0)).toBeNull();
    expect(launchRefusal(limits(MIN), 1, 0)).toBe("session");
    expect(launchRefusal(limits(10 * MIN, 30 * MIN), 10 * MIN, 29.5 * MIN)).toBe("daily");
    expect(launchRefusal(limits(0, 0), 500 * MIN, 500 * MIN)).toBeNull();
  });

  test("warnings: the crossed ones count as given, the smallest is announced; the next event is planned", () => {
    const given = new Set<number>();
    expect(crossedWarnings(10 * MIN, [5 * MIN, 2 * MIN, MIN], given)).toEqual([]);
    expect(msUntilNextEvent(10 * MIN, [5 * MIN, 2 * MIN, MIN], given)).toBe(5 * MIN);
    expect(crossedWarnings(MIN, [5 * MIN, 2 * MIN, MIN], given)).toEqual([5 * MIN, 2 * MIN, MIN]);
    given.add(5 * MIN).add(2 * MIN);
    expect(crossedWarnings(90_000, [5 * MIN, 2 * MIN, MIN], given)).toEqual([]);
    expect(msUntilNextEvent(90_000, [5 * MIN, 2 * MIN, MIN], given)).toBe(30_000);
    expect(msUntilNextEvent(30_000, [5 * MIN, 2 * MIN, MIN], new Set([5 * MIN, 2 * MIN, MIN]))).toBe(30_000);
  });

  test("today's usage counts only the part of each game after local midnight", () => {
    const noon = new Date(2026, 4, 10, 12, 0, 0).getTime();
    const midnight = dayStart(noon);
    expect(midnight).toBe(new Date(2026, 4, 10).getTime());
    expect(overlapMs([{ start: midnight - 30 * MIN, end: midnight + 15 * MIN }, { start: noon - 10 * MIN, end: noon }], midnight, noon)).toBe(25 * MIN);
  });

  test("a session is rebuilt from stored games whose gaps are shorter than the reset gap", () => {
    const now = 1_000 * MIN;
    const games = [
      { start: now - 15 * MIN, end: now - 5 * MIN },
      { start: now - 40 * MIN, end: now - 25 * MIN }, // gap 10 min
      { start: now - 120 * MIN, end: now - 100 * MIN }, // gap 60 min: an older session
    ];
    expect(sessionFromHistory(games, now, 20 * MIN)).toEqual({ cumulativeMs: 25 * MIN, lastEnd: now - 5 * MIN });
    expect(sessionFromHistory(games, now + 20 * MIN, 20 * MIN)).toBeNull();
    expect(sessionFromHistory(games, now + 500 * MIN, 0)).toEqual({ cumulativeMs: 45 * MIN, lastEnd: now - 5 * MIN });
    expect(sessionFromHistory([], now, 20 * MIN)).toBeNull();
  });

  test("a profile's limits override the global ones field by field", () => {
    const global = { enabled: false, daily: "2h", session: "", warnings: [] };
    expect(resolveLimits(global, null)).toEqual({ enabled: false, dailyMs: 120 * MIN, sessionMs: 0, warningsMs: [5 * MIN, 2 * MIN, MIN] });
    expect(resolveLimits(global, { limitsEnabled: true, sessionLimit: "30m" })).toEqual({ enabled: true, dailyMs: 120 * MIN, sessionMs: 30 * MIN, warningsMs: [5 * MIN, 2 * MIN, MIN] });
    expect(resolveLimits({ ...global, warnings: ["10m"] }, { dailyLimit: "0" }).dailyMs).toBe(0);
  });
});
