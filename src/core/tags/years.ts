/** Years and numbering in names: "(1995)", a bare 1970–2099 word, a leading "01 - " list number. */
import { isDigit, isWhitespace, isWordBoundaryAfter, isWordBoundaryBefore } from "./chars.ts";
import { scanMatch, type ScanMatch } from "./scan-match.ts";

const digitAt = (s: string, i: number): boolean => isDigit(s.charCodeAt(i));

function fourDigits(s: string): boolean {
  return s.length === 4 && digitAt(s, 0) && digitAt(s, 1) && digitAt(s, 2) && digitAt(s, 3);
}

/** 1970–2099. */
export function isYearValue(s: string): boolean {
  if (!fourDigits(s)) return false;
  if (s[0] === "1" && s[1] === "9" && s[2]! >= "7") return true;
  return s[0] === "2" && s[1] === "0";
}

/** 1950–2099: bracketed years of early computing also count. */
export function isBracketedYearValue(s: string): boolean {
  if (!fourDigits(s)) return false;
  if (s[0] === "1" && s[1] === "9" && s[2]! >= "5") return true;
  return s[0] === "2" && s[1] === "0";
}

/** Starts with 19xx or 20xx. */
export function startsWithYear(s: string): boolean {
  if (s.length < 4 || !digitAt(s, 2) || !digitAt(s, 3)) return false;
  return (s[0] === "1" && s[1] === "9") || (s[0] === "2" && s[1] === "0");
}

/** The first "(YYYY)" with a year of 1950–2099. */
export function findBracketedYear(s: string): ScanMatch | undefined {
  for (let i = s.indexOf("("); i >= 0 && i <= s.length - 6; i = s.indexOf("(", i + 1)) {
    if (s[i + 5] === ")" && isBracketedYearValue(s.slice(i + 1, i + 5))) return scanMatch(i, i + 6, i + 1, i + 5);
  }
  return undefined;
}

/** The first year 1970–2099 standing as a word of its own. */
export function findUnbracketedYear(s: string): ScanMatch | undefined {
  for (let i = 0; i <= s.length - 4; i++) {
    const c = s.charCodeAt(i);
    if ((c !== 0x31 && c !== 0x32) || !isWordBoundaryBefore(s, i)) continue;
    if (!isYearValue(s.slice(i, i + 4)) || !isWordBoundaryAfter(s, i + 4)) continue;
    return scanMatch(i, i + 4, i, i + 4);
  }
  return undefined;
}

/** Removes a leading number and the periods, dashes and spaces after it ("01 - Title" → "Title"). */
export function stripLeadingNumberPrefix(s: string): string {
  let i = 0;
  while (i < s.length && digitAt(s, i)) i++;
  if (i === 0) return s;
  let j = i;
  while (j < s.length && (s[j] === "." || s[j] === "-" || isWhitespace(s.charCodeAt(j)))) j++;
  return j === i ? s : s.slice(j);
}
