/** Revisions and versions in names: "(Rev A)", "(Rev-1)", "(v1.2)", a bare "v1.0.3" word, "(Vol. 2)". */
import { isAlphanumeric, isDigit, isWhitespace, isWordBoundaryBefore } from "./chars.ts";
import { mapToName } from "./disc-pattern.ts";
import { lowerView, type LowerView } from "./lower-view.ts";
import { scanMatch, type ScanMatch } from "./scan-match.ts";

/** Cheap tests (ASCII case-insensitive) for what the scanners below need to find anything. */
const REV_GATE = /\(rev/i;
const VERSION_GATE = /\(v[0-9]/i;
const VOLUME_GATE = /\(vol/i;

const digitAt = (s: string, i: number): boolean => i < s.length && isDigit(s.charCodeAt(i));

/** End of "digits(.digits)*" starting at pos (pos itself when no digit is there). */
function dottedNumberEnd(s: string, pos: number): number {
  while (digitAt(s, pos)) pos++;
  while (pos + 1 < s.length && s[pos] === "." && digitAt(s, pos + 1)) {
    pos++;
    while (digitAt(s, pos)) pos++;
  }
  return pos;
}

/** "(Rev X)" or "(Rev-X)", X alphanumeric, any case. */
export function findRevPattern(name: string): ScanMatch | undefined {
  if (!REV_GATE.test(name)) return undefined;
  const view = lowerView(name);
  const m = scanRev(view);
  return m && mapToName(m, view);
}

function scanRev({ s, lower }: LowerView): ScanMatch | undefined {
  for (let at = lower.indexOf("(rev"); at >= 0; at = lower.indexOf("(rev", at + 1)) {
    if (at + 4 >= s.length) return undefined;
    let pos = at + 4;
    const c = s.charCodeAt(pos);
    if (!isWhitespace(c) && c !== 0x2d) continue;
    pos++;
    const start = pos;
    while (pos < s.length && isAlphanumeric(s.charCodeAt(pos))) pos++;
    if (pos === start || s[pos] !== ")") continue;
    return scanMatch(at, pos + 1, start, pos);
  }
  return undefined;
}

/** "(v1.2.3)", any case. */
export function findBracketedVersion(name: string): ScanMatch | undefined {
  if (!VERSION_GATE.test(name)) return undefined;
  const view = lowerView(name);
  const m = scanBracketedVersion(view);
  return m && mapToName(m, view);
}

function scanBracketedVersion({ s, lower }: LowerView): ScanMatch | undefined {
  for (let at = lower.indexOf("(v"); at >= 0 && at + 2 < s.length; at = lower.indexOf("(v", at + 1)) {
    const start = at + 2;
    if (!digitAt(s, start)) continue;
    const end = dottedNumberEnd(s, start);
    if (s[end] === ")") return scanMatch(at, end + 1, start, end);
  }
  return undefined;
}

/** "v1", "v1.0.3" starting a word. */
export function findBracketlessVersion(s: string): ScanMatch | undefined {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if ((c !== 0x76 && c !== 0x56) || !isWordBoundaryBefore(s, i) || !digitAt(s, i + 1)) continue;
    const end = dottedNumberEnd(s, i + 1);
    return scanMatch(i, end, i + 1, end);
  }
  return undefined;
}

const VOLUME_KEYWORDS = ["(vol.", "(volume"] as const;

/** The end of "(vol. N)" / "(volume N)" whose keyword starts at `at`, and where its number starts. */
function volumeAt(s: string, at: number, keyword: string): [numStart: number, close: number] | undefined {
  let pos = at + keyword.length;
  while (pos < s.length && isWhitespace(s.charCodeAt(pos))) pos++;
  const numStart = pos;
  while (digitAt(s, pos)) pos++;
  return pos > numStart && s[pos] === ")" ? [numStart, pos] : undefined;
}

/** The number of the first "(Vol. N)" / "(Volume N)" (each keyword's first occurrence only, as the reference). */
export function findVolumeNumber(name: string): string | undefined {
  if (!VOLUME_GATE.test(name)) return undefined;
  const { s, lower, decode } = lowerView(name);
  for (const keyword of VOLUME_KEYWORDS) {
    const at = lower.indexOf(keyword);
    if (at < 0) continue;
    const m = volumeAt(s, at, keyword);
    if (m) return decode(s.slice(m[0], m[1]));
  }
  return undefined;
}

/** Every "(Vol. N)" / "(Volume N)" replaced by a space. */
export function removeVolumeNumber(name: string): string {
  if (!VOLUME_GATE.test(name)) return name;
  const { s, lower, decode } = lowerView(name);
  let out = "";
  let last = 0;
  for (let i = 0; i < s.length; ) {
    let close = -1;
    for (const keyword of VOLUME_KEYWORDS) {
      if (!lower.startsWith(keyword, i)) continue;
      const m = volumeAt(s, i, keyword);
      if (m) {
        close = m[1];
        break;
      }
    }
    if (close < 0) {
      i++;
      continue;
    }
    out += `${s.slice(last, i)} `;
    i = close + 1;
    last = i;
  }
  return last === 0 ? name : decode(out + s.slice(last));
}
