/**
 * Romset / build dates as YYYY-MM-DD: "1993-10-05", "19931005", arcade "931005" (70–99 → 19xx, else 20xx),
 * and year-month "1988-01". Month 1–12 and day 1–31 only.
 */
import { allDigits } from "./chars.ts";

const two = (s: string, at: number): number => (s.charCodeAt(at) - 48) * 10 + (s.charCodeAt(at + 1) - 48);
const validMonthDay = (m: number, d: number): boolean => m >= 1 && m <= 12 && d >= 1 && d <= 31;

export function parseBuildDate(s: string): string | undefined {
  if (s.length === 10 && s[4] === "-" && s[7] === "-") {
    if (!allDigits(s.slice(0, 4)) || !allDigits(s.slice(5, 7)) || !allDigits(s.slice(8, 10))) return undefined;
    return validMonthDay(two(s, 5), two(s, 8)) ? s : undefined;
  }
  if (s.length === 7 && s[4] === "-") {
    if (!allDigits(s.slice(0, 4)) || !allDigits(s.slice(5, 7))) return undefined;
    const m = two(s, 5);
    return m >= 1 && m <= 12 ? s : undefined;
  }
  if (s.length === 8 && allDigits(s)) {
    return validMonthDay(two(s, 4), two(s, 6)) ? `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}` : undefined;
  }
  if (s.length === 6 && allDigits(s)) {
    if (!validMonthDay(two(s, 2), two(s, 4))) return undefined;
    const century = s[0]! >= "7" ? "19" : "20";
    return `${century}${s.slice(0, 2)}-${s.slice(2, 4)}-${s.slice(4, 6)}`;
  }
  return undefined;
}
