/**
 * Width folding as golang.org/x/text/width's `Fold` does it: fullwidth forms become their ordinary (narrow)
 * characters ("Ｍａｒｉｏ１２３" → "Mario123", U+3000 → space) and halfwidth katakana and hangul become their
 * ordinary (wide) forms ("ｳｴｯｼﾞ" → "ウエッシ" + combining voiced mark). Each character maps on its own. Pure.
 */
import data from "./width-fold.json" with { type: "json" };

/** Every folded character is U+3000 or in U+FF01..U+FFEE. */
const BLOCK_START = 0xff00;
const BLOCK = new Uint16Array(0xfff0 - BLOCK_START);
let ideographicSpace = 0x3000;

for (const [first, last, target] of data.ranges as [number, number, number][]) {
  for (let c = first; c <= last; c++) {
    const to = target + (c - first);
    if (c >= BLOCK_START) BLOCK[c - BLOCK_START] = to;
    else if (c === 0x3000) ideographicSpace = to;
    else throw new Error(`width fold table: U+${c.toString(16)} outside the expected block`);
  }
}

function folded(c: number): number {
  if (c === 0x3000) return ideographicSpace;
  if (c >= BLOCK_START && c < 0xfff0) return BLOCK[c - BLOCK_START] || c;
  return c;
}

/** `NormalizeWidth`: the string with every fullwidth / halfwidth form folded. */
export function normalizeWidth(s: string): string {
  let i = 0;
  for (; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (folded(c) !== c) break;
  }
  if (i === s.length) return s;
  let out = s.slice(0, i);
  for (; i < s.length; i++) out += String.fromCharCode(folded(s.charCodeAt(i)));
  return out;
}
