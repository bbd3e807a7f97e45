/**
 * The reference indexer's numbering prefixes: in a folder where most files (over half, of at least five) start
 * with a rank ("001 - Sonic") or a date ("1991-06-23 - Sonic"), that prefix is dropped from each title there.
 */
import { goTrimSpace, isGoSpace } from "./go-strings.ts";
import { rawExtension } from "./narrowing.ts";

export type PrefixKind = "" | "rank" | "date";

export const PREFIX_THRESHOLD = 0.5;
export const PREFIX_MIN_FILES = 5;

const MAX_RANK_DIGITS = 3;
const MIN_YEAR = 1900;
const MAX_YEAR = 2099;
const isDigit = (c: string | undefined): boolean => c !== undefined && c >= "0" && c <= "9";
const isRankSeparator = (c: string): boolean => ".-)_ \t\n\r".includes(c);
const isDatePartSeparator = (c: string | undefined): boolean => c === "-" || c === "." || c === "_";
const isSeparator = (c: string): boolean =>
  c === "-" || c === "." || c === "_" || c === ")" || isGoSpace(c.charCodeAt(0));
const allDigits = (s: string): boolean => s !== "" && [...s].every(isDigit);

function daysInMonth(year: number, month: number): number {
  if (month === 4 || month === 6 || month === 9 || month === 11) return 30;
  if (month !== 2) return 31;
  return year % 400 === 0 || (year % 4 === 0 && year % 100 !== 0) ? 29 : 28;
}

function parseRank(s: string): string | undefined {
  let digits = 0;
  while (isDigit(s[digits])) digits++;
  if (digits === 0 || digits > MAX_RANK_DIGITS || digits === s.length) return undefined;
  let end = digits;
  while (end < s.length && isRankSeparator(s[end] ?? "")) end++;
  if (end === digits || end === s.length) return undefined;
  const rest = goTrimSpace(s.slice(end));
  return rest === "" ? undefined : rest;
}

function parseDate(s: string): string | undefined {
  if (s.length < 6 || !allDigits(s.slice(0, 4))) return undefined;
  const year = Number(s.slice(0, 4));
  if (year < MIN_YEAR || year > MAX_YEAR) return undefined;
  let pos = 4;
  if (isDatePartSeparator(s[pos]) && pos + 3 <= s.length && allDigits(s.slice(pos + 1, pos + 3))) {
    const month = Number(s.slice(pos + 1, pos + 3));
    if (month < 1 || month > 12) return undefined;
    pos += 3;
    if (isDatePartSeparator(s[pos]) && pos + 3 <= s.length && allDigits(s.slice(pos + 1, pos + 3))) {
      const day = Number(s.slice(pos + 1, pos + 3));
      if (day < 1 || day > daysInMonth(year, month)) return undefined;
      pos += 3;
    }
  }
  if (pos >= s.length || !isSeparator(s[pos] ?? "")) return undefined;
  let start = pos;
  for (const ch of s.slice(pos)) {
    if (!isSeparator(ch)) break;
    start += ch.length;
  }
  const rest = goTrimSpace(s.slice(start));
  return rest === "" ? undefined : rest;
}

/** The numbering prefix of a file name stem, and the title after it. */
export function parseStem(stem: string): { kind: PrefixKind; rest: string } {
  const s = goTrimSpace(stem);
  if (s === "") return { kind: "", rest: "" };
  const date = parseDate(s);
  if (date !== undefined) return { kind: "date", rest: date };
  const rank = parseRank(s);
  return rank === undefined ? { kind: "", rest: "" } : { kind: "rank", rest: rank };
}

/** A path's last element without its extension (any extension). */
export function stemFromPath(path: string): string {
  const base = path.slice(path.lastIndexOf("/") + 1);
  return base.slice(0, base.length - rawExtension(base).length);
}

/** The prefix kind a folder's files use often enough to be stripped, or "" for none. */
export function detectPrefixPolicy(
  paths: readonly string[],
  threshold = PREFIX_THRESHOLD,
  minFiles = PREFIX_MIN_FILES,
): PrefixKind {
  if (paths.length < minFiles) return "";
  let dates = 0;
  let ranks = 0;
  for (const p of paths) {
    const kind = parseStem(stemFromPath(p)).kind;
    if (kind === "date") dates++;
    else if (kind === "rank") ranks++;
  }
  if (dates / paths.length > threshold) return "date";
  if (ranks / paths.length > threshold) return "rank";
  return "";
}

/** The stem without its prefix when it has the folder's kind of prefix. */
export function stripWithPolicy(stem: string, policy: PrefixKind): string {
  if (policy === "") return stem;
  const p = parseStem(stem);
  return p.kind === policy && p.rest !== "" ? p.rest : stem;
}

/** The folder of a path as Go's filepath.Dir sees it (enough for grouping). */
export function dirOf(path: string): string {
  const at = path.lastIndexOf("/");
  if (at < 0) return ".";
  return at === 0 ? "/" : path.slice(0, at);
}
