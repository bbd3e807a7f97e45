/**
 * English ordinal suffixes dropped from numbers ("2nd" → "2", "21st" → "21"), so "2nd" and "II" meet at "2";
 * a suffix run into a capitalized word is split from it first ("2ndMix" → "2 Mix"). Pure.
 */

function isWordChar(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a) || c === 0x5f;
}

const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;
const SUFFIXES = new Set(["st", "nd", "rd", "th"]);
const HAS_DIGIT = /[0-9]/;

/** `NormalizeOrdinals`: digit runs starting at a word boundary lose a lower-case "st" / "nd" / "rd" / "th". */
export function normalizeOrdinals(s: string): string {
  if (!HAS_DIGIT.test(s)) return s;
  let out = "";
  let changed = false;
  let i = 0;
  while (i < s.length) {
    const c = s.charCodeAt(i);
    if (!isDigit(c) || (i > 0 && isWordChar(s.charCodeAt(i - 1)))) {
      out += s.charAt(i);
      i++;
      continue;
    }
    let digitsEnd = i;
    while (digitsEnd < s.length && isDigit(s.charCodeAt(digitsEnd))) digitsEnd++;
    const suffixEnd = digitsEnd + 2;
    if (suffixEnd <= s.length && SUFFIXES.has(s.slice(digitsEnd, suffixEnd))) {
      const next = s.charCodeAt(suffixEnd);
      if (suffixEnd === s.length || !isWordChar(next)) {
        out += s.slice(i, digitsEnd);
        changed = true;
        i = suffixEnd;
        continue;
      }
      if (next >= 0x41 && next <= 0x5a) {
        out += `${s.slice(i, digitsEnd)} `;
        changed = true;
        i = suffixEnd;
        continue;
      }
    }
    out += s.slice(i, digitsEnd);
    i = digitsEnd;
  }
  return changed ? out : s;
}
