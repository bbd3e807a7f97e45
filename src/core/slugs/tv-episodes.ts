/**
 * TV episode markers in one canonical form each: season episodes as "s01e02" (or "s01e02e03" for a range) from
 * "S01E02", "1x02", "S01.E02", "S01_E02"; air dates as "YYYY-MM-DD"; absolute numbers as "e001" from
 * "Episode 1", "Ep 1", "E001", "#1" or a leading "001 - ". Pure.
 */
import { replaceFirst } from "./go-strings.ts";
import { goRegExp } from "./go-regex.ts";

export const SEASON_EPISODE = goRegExp(String.raw`(?i)s(\d+)e(\d+)(?:[-e]?e?(\d+))?`);
export const SEASON_X_EPISODE = goRegExp(String.raw`(?i)(\d+)x(\d+)(?:-?(\d+))?`);
export const SEASON_DOT_EPISODE = goRegExp(String.raw`(?i)s(\d+)\.e(\d+)(?:[-.]?e?(\d+))?`);
export const SEASON_UNDERSCORE_EPISODE = goRegExp(String.raw`(?i)s(\d+)_e(\d+)(?:[-_]?e?(\d+))?`);
export const DATE_YMD = goRegExp(String.raw`(\d{4})[-./](\d{2})[-./](\d{2})`);
export const DATE_DMY = goRegExp(String.raw`\b(\d{2})[-./](\d{2})[-./](\d{4})\b`);
const ABSOLUTE = goRegExp(String.raw`(?i)\b(?:episode|ep|e)[\s._-]*(\d{1,4})\b`);
const ABSOLUTE_HASH = goRegExp(String.raw`#(\d{1,4})\b`);
const ABSOLUTE_LEADING = goRegExp(String.raw`^\s*(\d{2,4})[\s._-]`);

const INT64_MAX = 9223372036854775807n;

/** A digit string as Go's `fmt.Sscanf("%d")` reads it into an int: 0 when it overflows. */
function scanInt(digits: string): string {
  const value = BigInt(digits);
  return value > INT64_MAX ? "0" : value.toString();
}

/** `%0<width>d` of a digit string. */
const padded = (digits: string, width: number): string => scanInt(digits).padStart(width, "0");

/** The first season-episode marker of `pattern` in `s` rewritten as "s01e02" (or "s01e02e03"). */
export function normalizeSeasonEpisode(s: string, pattern: RegExp): string {
  const m = pattern.exec(s);
  if (!m) return s;
  const [full, season = "", episode = "", last] = m;
  let canonical = `s${padded(season, 2)}e${padded(episode, 2)}`;
  if (last !== undefined) canonical += `e${padded(last, 2)}`;
  return replaceFirst(s, full, canonical);
}

/** The first air date rewritten as YYYY-MM-DD (year-first dates are tried first). */
export function normalizeDateEpisode(s: string): string {
  const ymd = DATE_YMD.exec(s);
  if (ymd) {
    const [full, year, month, day] = ymd;
    const canonical = `${year}-${month}-${day}`;
    return full === canonical ? s : replaceFirst(s, full, canonical);
  }
  const dmy = DATE_DMY.exec(s);
  if (dmy) {
    const [full, day, month, year] = dmy;
    return replaceFirst(s, full, `${year}-${month}-${day}`);
  }
  return s;
}

/** The first absolute episode number rewritten as "e001". */
export function normalizeAbsoluteEpisode(s: string): string {
  for (const [pattern, after] of [
    [ABSOLUTE, ""],
    [ABSOLUTE_HASH, ""],
    [ABSOLUTE_LEADING, " "],
  ] as const) {
    const m = pattern.exec(s);
    if (m) return replaceFirst(s, m[0], `e${padded(m[1] ?? "", 3)}${after}`);
  }
  return s;
}
