/** Width in millimetres of `text` set at `sizeMm` (the font's em), regular or bold: the renderer's font metrics. */
export type Measure = (text: string, sizeMm: number, bold: boolean) => number;

export interface FitOptions {
  maxSizeMm: number;
  minSizeMm: number;
  maxLines: number;
  bold: boolean;
}
export interface FittedText {
  sizeMm: number;
  lines: string[];
  /** Distance between baselines. */
  lineHeightMm: number;
}

const LINE_HEIGHT = 1.18;
const ELLIPSIS = "…";

/**
 * The largest size (from maxSizeMm down to minSizeMm) at which `text` wraps into at most maxLines lines of at
 * most `width` that together fit `height`; at the smallest size, what does not fit is cut with an ellipsis.
 */
export function fitText(text: string, width: number, height: number, o: FitOptions, measure: Measure): FittedText {
  const clean = text.replace(/\s+/g, " ").trim();
  let size = o.maxSizeMm;
  for (;;) {
    const lines = wrap(clean, width, size, o.bold, measure);
    const fitsHeight = o.maxLines === 1 || Math.min(lines.length, o.maxLines) * size * LINE_HEIGHT <= height + 1e-9;
    if (lines.length <= o.maxLines && fitsHeight) return { sizeMm: size, lines, lineHeightMm: size * LINE_HEIGHT };
    if (size <= o.minSizeMm) break;
    size = Math.max(o.minSizeMm, size * 0.92);
  }
  size = o.minSizeMm;
  const room = Math.max(1, Math.min(o.maxLines, Math.floor((height + 1e-9) / (size * LINE_HEIGHT)) || 1));
  const lines = wrap(clean, width, size, o.bold, measure);
  if (lines.length <= room) return { sizeMm: size, lines, lineHeightMm: size * LINE_HEIGHT };
  const kept = lines.slice(0, room);
  const rest = lines.slice(room - 1).join(" ");
  kept[room - 1] = ellipsize(rest, width, size, o.bold, measure);
  return { sizeMm: size, lines: kept, lineHeightMm: size * LINE_HEIGHT };
}

/** Greedy word wrap; a word wider than the line is broken between characters. */
function wrap(text: string, width: number, size: number, bold: boolean, measure: Measure): string[] {
  if (text === "") return [];
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    const candidate = line === "" ? word : `${line} ${word}`;
    if (measure(candidate, size, bold) <= width) {
      line = candidate;
      continue;
    }
    if (line !== "") lines.push(line);
    line = "";
    let piece = "";
    for (const ch of word) {
      if (piece !== "" && measure(piece + ch, size, bold) > width) {
        lines.push(piece);
        piece = "";
      }
      piece += ch;
    }
    line = piece;
  }
  if (line !== "") lines.push(line);
  return lines;
}

function ellipsize(text: string, width: number, size: number, bold: boolean, measure: Measure): string {
  if (measure(text, size, bold) <= width) return text;
  const chars = [...text];
  while (chars.length > 0 && measure(`${chars.join("").trimEnd()}${ELLIPSIS}`, size, bold) > width) chars.pop();
  return `${chars.join("").trimEnd()}${ELLIPSIS}`;
}
