/** "(Disc 1 of 2)" / "(Disk 3 of 4 Side B)": a disc number, the total, and an optional side. */
import { isDigit, isWhitespace } from "./chars.ts";
import { lowerView, type LowerView } from "./lower-view.ts";
import { scanMatch, type ScanMatch } from "./scan-match.ts";

const SIDES: Readonly<Record<string, string>> = { a: "A", "1": "A", b: "B", "2": "B", c: "C", "3": "C", d: "D", "4": "D" };

function skip(s: string, pos: number, test: (c: number) => boolean): number {
  while (pos < s.length && test(s.charCodeAt(pos))) pos++;
  return pos;
}

/** The first "(disc" / "(disk" (in the lower-cased copy) followed by white space (in the text). */
function findOpening(s: string, lower: string): number {
  for (let from = 0; ; ) {
    const disc = lower.indexOf("(disc", from);
    const disk = lower.indexOf("(disk", from);
    if (disc < 0 && disk < 0) return -1;
    const at = disc < 0 ? disk : disk < 0 ? disc : Math.min(disc, disk);
    if (at + 5 < s.length && isWhitespace(s.charCodeAt(at + 5))) return at;
    from = at + 1;
  }
}

/** A cheap test for "(disc" / "(disk" in any ASCII case: without one there is nothing to scan. */
const GATE = /\(dis[ck]/i;

export function findDiscPattern(name: string): ScanMatch | undefined {
  if (!GATE.test(name)) return undefined;
  const view = lowerView(name);
  const m = scan(view);
  return m && mapToName(m, view);
}

/** The match with name positions; undefined when one falls inside a character. */
export function mapToName(m: ScanMatch, view: LowerView): ScanMatch | undefined {
  const p = [m.start, m.end, m.cap1s, m.cap1e, m.cap2s, m.cap2e].map(view.toName);
  if (p.some((x) => x === undefined)) return undefined;
  const [start, end, c1s, c1e, c2s, c2e] = p as number[];
  return scanMatch(start!, end!, c1s!, c1e!, c2s!, c2e!, m.side);
}

function scan({ s, lower }: LowerView): ScanMatch | undefined {
  const at = findOpening(s, lower);
  if (at < 0) return undefined;
  let pos = skip(s, at + 5, isWhitespace);
  const numStart = pos;
  pos = skip(s, pos, isDigit);
  if (pos === numStart) return undefined;
  const numEnd = pos;
  const beforeOf = pos;
  pos = skip(s, pos, isWhitespace);
  if (pos === beforeOf || lower.slice(pos, pos + 2) !== "of") return undefined;
  pos += 2;
  const afterOf = pos;
  pos = skip(s, pos, isWhitespace);
  if (pos === afterOf) return undefined;
  const totalStart = pos;
  pos = skip(s, pos, isDigit);
  if (pos === totalStart) return undefined;
  const totalEnd = pos;
  let side = "";
  if (pos < s.length && isWhitespace(s.charCodeAt(pos))) {
    let p = skip(s, pos, isWhitespace);
    if (lower.slice(p, p + 4) === "side") {
      p = skip(s, p + 4, isWhitespace);
      const letter = p < s.length ? SIDES[lower[p]!] : undefined;
      if (letter !== undefined) {
        side = letter;
        pos = p + 1;
      }
    }
  }
  if (pos >= s.length || s[pos] !== ")") return undefined;
  return scanMatch(at, pos + 1, numStart, numEnd, totalStart, totalEnd, side);
}
