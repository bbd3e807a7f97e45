import type { Paper } from "./paper.ts";
import type { LabelTemplate } from "./templates.ts";

/** A box in millimetres from the page's top-left corner, y downwards. */
export interface Box {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}
/** A straight cut-mark line in millimetres from the page's top-left corner. */
export interface Segment {
  readonly x1: number;
  readonly y1: number;
  readonly x2: number;
  readonly y2: number;
}

/** Kept free at the page edge: most printers cannot print there. */
export const PAGE_MARGIN_MM = 4;
/** A cut mark starts this far past the bleed, so a mark never touches artwork. */
export const MARK_OFFSET_MM = 1;
export const MARK_LENGTH_MM = 3;
/** Thickness of the cut marks' lines (0.25 pt, hairline). */
export const MARK_WIDTH_MM = 0.088;

export interface SheetLayout {
  readonly pageWidthMm: number;
  readonly pageHeightMm: number;
  /** The paper turned sideways because more cards fit that way. */
  readonly landscape: boolean;
  readonly cols: number;
  readonly rows: number;
  /** Trim boxes of the cards of one page, row by row. */
  readonly slots: readonly Box[];
  /** Cut marks of one full page: each trim line extended outside the grid, beyond the bleed. */
  readonly marks: readonly Segment[];
}

/** The cards of `template` in a grid centred on `paper`, in whichever orientation of the paper holds more. */
export function sheetLayout(template: LabelTemplate, paper: Paper): SheetLayout {
  const portrait = gridOn(template, paper.widthMm, paper.heightMm, false);
  const landscape = gridOn(template, paper.heightMm, paper.widthMm, true);
  const best = landscape.slots.length > portrait.slots.length ? landscape : portrait;
  if (best.slots.length === 0) throw new Error(`template ${template.id} does not fit on ${paper.name}`);
  return best;
}

function gridOn(t: LabelTemplate, pageW: number, pageH: number, landscape: boolean): SheetLayout {
  const gap = 2 * t.bleedMm; // neighbouring cards' bleeds meet, never overlap
  const reserve = t.bleedMm + MARK_OFFSET_MM + MARK_LENGTH_MM + PAGE_MARGIN_MM;
  const fit = (room: number, size: number) => Math.max(0, Math.floor((room - 2 * reserve + gap + 1e-9) / (size + gap)));
  const cols = fit(pageW, t.widthMm);
  const rows = fit(pageH, t.heightMm);
  const gridW = cols * t.widthMm + (cols - 1) * gap;
  const gridH = rows * t.heightMm + (rows - 1) * gap;
  const left = (pageW - gridW) / 2;
  const top = (pageH - gridH) / 2;
  const slots: Box[] = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) slots.push({ x: left + c * (t.widthMm + gap), y: top + r * (t.heightMm + gap), w: t.widthMm, h: t.heightMm });
  }
  const marks: Segment[] = [];
  if (cols > 0 && rows > 0) {
    const near = t.bleedMm + MARK_OFFSET_MM;
    const far = near + MARK_LENGTH_MM;
    const bottom = top + gridH;
    const right = left + gridW;
    for (let c = 0; c < cols; c++) {
      for (const x of [left + c * (t.widthMm + gap), left + c * (t.widthMm + gap) + t.widthMm]) {
        marks.push({ x1: x, y1: top - far, x2: x, y2: top - near }, { x1: x, y1: bottom + near, x2: x, y2: bottom + far });
      }
    }
    for (let r = 0; r < rows; r++) {
      for (const y of [top + r * (t.heightMm + gap), top + r * (t.heightMm + gap) + t.heightMm]) {
        marks.push({ x1: left - far, y1: y, x2: left - near, y2: y }, { x1: right + near, y1: y, x2: right + far, y2: y });
      }
    }
  }
  return { pageWidthMm: pageW, pageHeightMm: pageH, landscape, cols, rows, slots, marks };
}
