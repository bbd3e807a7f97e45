import { PNG } from "pngjs";
import jpeg from "jpeg-js";
import type { CardItem } from "../../../core/cards/card-item.ts";
import { buildLabelScene, type LabelOptions, type Rgb } from "../../../core/cards/labels/label-scene.ts";
import type { Box } from "../../../core/cards/labels/sheet-layout.ts";
import type { LabelTemplate } from "../../../core/cards/labels/templates.ts";
import { mmToPx } from "../../../core/cards/labels/units.ts";
import type { Rgba } from "../../../core/image/area-resize.ts";
import { drawScaled } from "../../../core/image/draw-scaled.ts";
import { type Contour, fillContours, flattenCubic, flattenQuadratic, roundedRectContour } from "../../../core/image/path-fill.ts";
import type { LabelArt } from "./label-art.ts";
import { LAYOUT_FEATURES, type LabelFonts } from "./label-fonts.ts";
import { printableItem } from "./printable-item.ts";

/** Decoded art larger than this many pixels is not used (a placeholder is drawn instead). */
const MAX_ART_PIXELS = 16_000_000;

type PathCommand = { command: string; args: number[] };

/**
 * One label as a PNG of its trim size at `dpi` (corners of an ID-1 card rounded, discs round, outside transparent).
 * Painted in pure JS from the same scene as the PDF: rectangles and glyph outlines (DejaVu, through fontkit) filled
 * by an anti-aliasing polygon filler, the cover decoded (jpeg-js / pngjs) and scaled bilinearly.
 */
export function renderCardPng(raw: CardItem, t: LabelTemplate, o: LabelOptions, art: LabelArt | null, fonts: LabelFonts, dpi: number): Uint8Array {
  const item = printableItem(raw, fonts);
  const px = (mm: number) => mmToPx(mm, dpi);
  const width = Math.round(px(t.widthMm));
  const height = Math.round(px(t.heightMm));
  const canvas: Rgba = { width, height, data: new Uint8Array(width * height * 4) };
  const decoded = art ? decode(art) : null;
  const scene = buildLabelScene(item, t, o, decoded ? { width: decoded.width, height: decoded.height } : null, fonts.measure);
  const toPx = (b: Box) => ({ x: px(b.x), y: px(b.y), w: px(b.w), h: px(b.h) });
  for (const op of scene.ops) {
    if (op.kind === "rect") {
      const b = toPx(op.box);
      fill(canvas, [roundedRectContour(b.x, b.y, b.w, b.h, op.radiusMm ? px(op.radiusMm) : 0)], op.fill);
    } else if (op.kind === "image") {
      if (decoded) drawScaled(canvas, decoded, toPx(op.box), toPx(op.clip));
    } else if (op.kind === "text") {
      const font = op.bold ? fonts.bold : fonts.regular;
      const run = font.layout(op.text, LAYOUT_FEATURES as never);
      const scale = px(op.sizeMm) / font.unitsPerEm;
      let pen = px(op.x);
      const base = px(op.baseline);
      const contours: Contour[] = [];
      run.glyphs.forEach((glyph, i) => {
        const commands = (glyph.path as unknown as { commands: PathCommand[] }).commands;
        contours.push(...glyphContours(commands, pen, base, scale));
        pen += (run.positions[i]?.xAdvance ?? glyph.advanceWidth) * scale;
      });
      fill(canvas, contours, op.color);
    } else {
      const b = toPx(op.box);
      const n = op.modules.length;
      const cell = b.w / n;
      const contours: Contour[] = [];
      op.modules.forEach((row, r) => row.forEach((on, c) => on && contours.push(roundedRectContour(b.x + c * cell, b.y + r * cell, cell + 0.01, cell + 0.01, 0))));
      fill(canvas, contours, [0, 0, 0]);
    }
  }
  applyTrimMask(canvas, t, px);
  return new Uint8Array(PNG.sync.write(canvas as never, { colorType: 6 }));
}

function decode(art: LabelArt): Rgba | null {
  try {
    if (art.width * art.height > MAX_ART_PIXELS) return null;
    const img =
      art.contentType === "image/jpeg"
        ? jpeg.decode(art.bytes, { useTArray: true, formatAsRGBA: true, maxResolutionInMP: MAX_ART_PIXELS / 1e6, maxMemoryUsageInMB: 256 })
        : PNG.sync.read(Buffer.from(art.bytes.buffer, art.bytes.byteOffset, art.bytes.byteLength));
    return { width: img.width, height: img.height, data: new Uint8Array(img.data.buffer, img.data.byteOffset, img.data.byteLength) };
  } catch {
    return null;
  }
}

/** Source-over fill of the contours' area with an opaque colour. */
function fill(canvas: Rgba, contours: Contour[], colour: Rgb): void {
  const [r, g, b] = colour.map((c) => Math.round(c * 255)) as [number, number, number];
  const d = canvas.data;
  fillContours(contours, canvas.width, canvas.height, (x, y, a) => {
    const o = (y * canvas.width + x) * 4;
    d[o] = Math.round(r * a + d[o]! * (1 - a));
    d[o + 1] = Math.round(g * a + d[o + 1]! * (1 - a));
    d[o + 2] = Math.round(b * a + d[o + 2]! * (1 - a));
    d[o + 3] = Math.round(255 * (a + (d[o + 3]! / 255) * (1 - a)));
  });
}

/** Font units (y up) to pixels (y down) at the pen position. */
function glyphContours(commands: PathCommand[], penX: number, baseline: number, scale: number): Contour[] {
  const out: Contour[] = [];
  let cur: Contour | null = null;
  const X = (v: number) => penX + v * scale;
  const Y = (v: number) => baseline - v * scale;
  let lx = 0;
  let ly = 0;
  for (const { command, args } of commands) {
    if (command === "moveTo") {
      if (cur && cur.length >= 6) out.push(cur);
      lx = X(args[0]!);
      ly = Y(args[1]!);
      cur = [lx, ly];
    } else if (command === "lineTo" && cur) {
      lx = X(args[0]!);
      ly = Y(args[1]!);
      cur.push(lx, ly);
    } else if (command === "quadraticCurveTo" && cur) {
      flattenQuadratic(cur, lx, ly, X(args[0]!), Y(args[1]!), (lx = X(args[2]!)), (ly = Y(args[3]!)));
    } else if (command === "bezierCurveTo" && cur) {
      flattenCubic(cur, lx, ly, X(args[0]!), Y(args[1]!), X(args[2]!), Y(args[3]!), (lx = X(args[4]!)), (ly = Y(args[5]!)));
    }
  }
  if (cur && cur.length >= 6) out.push(cur);
  return out;
}

/** Makes everything outside the trim shape transparent: the disc, or the card with its rounded corners. */
function applyTrimMask(canvas: Rgba, t: LabelTemplate, px: (mm: number) => number): void {
  const radius = t.shape === "round" ? canvas.width / 2 : px(t.cornerMm);
  if (radius <= 0) return;
  const coverage = new Float32Array(canvas.width * canvas.height);
  fillContours([roundedRectContour(0, 0, canvas.width, canvas.height, radius)], canvas.width, canvas.height, (x, y, a) => {
    coverage[y * canvas.width + x] = a;
  });
  const d = canvas.data;
  for (let i = 0; i < coverage.length; i++) d[i * 4 + 3] = Math.round(d[i * 4 + 3]! * coverage[i]!);
}
