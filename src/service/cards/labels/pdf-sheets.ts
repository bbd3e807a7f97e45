import { DomainError } from "../../../core/errors.ts";
import {
  appendBezierCurve, clip, closePath, endPath, fill, lineTo, moveTo, PDFDocument, type PDFFont, type PDFImage, type PDFPage, popGraphicsState,
  type PDFOperator, pushGraphicsState, rectangle, rgb, setFillingRgbColor, setLineWidth, setStrokingRgbColor, stroke,
} from "pdf-lib";
import fontkit from "@pdf-lib/fontkit";
import type { CardItem } from "../../../core/cards/card-item.ts";
import { buildLabelScene, type LabelClip, type LabelOptions, type Rgb } from "../../../core/cards/labels/label-scene.ts";
import type { Paper } from "../../../core/cards/labels/paper.ts";
import { type Box, MARK_WIDTH_MM, sheetLayout } from "../../../core/cards/labels/sheet-layout.ts";
import type { LabelTemplate } from "../../../core/cards/labels/templates.ts";
import { mmToPt } from "../../../core/cards/labels/units.ts";
import type { ArtSource } from "./label-art.ts";
import { LAYOUT_FEATURES, type LabelFonts } from "./label-fonts.ts";
import { printableItem } from "./printable-item.ts";

export interface PdfSheets {
  bytes: Uint8Array;
  pages: number;
  perPage: number;
  /** Distinct images embedded. */
  images: number;
}

/** Bezier handle length of a quarter circle. */
const KAPPA = 0.5522847498;

/**
 * Most cover bytes one PDF embeds: pdf-lib holds the whole document until it is saved (it cannot stream pages),
 * so the covers bound a render: it peaks at about three times them, about seven with an inline (base64) reply.
 */
export const MAX_IMAGE_BYTES = 32 * 2 ** 20;

function tooManyImages(max: number, printed: number): DomainError {
  return new DomainError(
    "unsupported",
    `the covers of these cards take more than ${max / 2 ** 20} MiB in one PDF (a device holds the whole PDF while it is made): print them in parts, ${printed} cards or fewer at a time (cards.render from and count)`,
  );
}

/**
 * The labels of `items` as a PDF: pages of `paper` with the cards in a grid (sheetLayout), each card clipped to its
 * bleed box, cut marks around the grid. Items are done one after another: each cover is fetched and embedded when
 * its first card is drawn and never again (JPEG passes through undecoded), so memory grows with the distinct
 * covers' compressed bytes, not with the cards.
 */
export async function renderPdfSheets(items: readonly CardItem[], t: LabelTemplate, paper: Paper, o: LabelOptions, deps: { fonts: LabelFonts; art: ArtSource; title?: string; maxImageBytes?: number }): Promise<PdfSheets> {
  const layout = sheetLayout(t, paper);
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  doc.setTitle(deps.title ?? "Game labels");
  doc.setCreator("tapserve");
  doc.setProducer("tapserve (pdf-lib)");
  const fonts = {
    regular: await doc.embedFont(deps.fonts.regularBytes, { subset: true, features: LAYOUT_FEATURES }),
    bold: await doc.embedFont(deps.fonts.boldBytes, { subset: true, features: LAYOUT_FEATURES }),
  };
  const images = new Map<string, PDFImage>();
  const placedArt = new Map<string, { image: PDFImage; width: number; height: number } | null>();
  const maxImageBytes = deps.maxImageBytes ?? MAX_IMAGE_BYTES;
  let imageBytes = 0;
  const pageW = mmToPt(layout.pageWidthMm);
  const pageH = mmToPt(layout.pageHeightMm);
  let page: PDFPage | undefined;
  const perPage = layout.slots.length;
  for (let i = 0; i < items.length; i++) {
    if (i % perPage === 0) {
      page = doc.addPage([pageW, pageH]);
      drawMarks(page, layout.marks, pageH);
    }
    const item = printableItem(items[i]!, deps.fonts);
    const slot = layout.slots[i % perPage]!;
    // a game seen before keeps its embedded image (only the key and size are kept, never the cover's bytes)
    let placed = placedArt.get(item.path);
    if (placed === undefined) {
      const art = await deps.art(item);
      placed = null;
      if (art) {
        let image = images.get(art.key);
        if (!image) {
          imageBytes += art.bytes.length;
          if (imageBytes > maxImageBytes) throw tooManyImages(maxImageBytes, i);
          try {
            image = art.contentType === "image/jpeg" ? await doc.embedJpg(art.bytes) : await doc.embedPng(art.bytes);
            await image.embed(); // written into the document now: a PNG's decoded pixels are let go before the next cover
            images.set(art.key, image);
          } catch {
            image = undefined; // an image pdf-lib cannot read: the placeholder instead
          }
        }
        if (image) placed = { image, width: art.width, height: art.height };
      }
      placedArt.set(item.path, placed);
    }
    const image = placed?.image;
    const scene = buildLabelScene(item, t, o, placed ? { width: placed.width, height: placed.height } : null, deps.fonts.measure);
    drawCard(page as PDFPage, slot, pageH, scene.clip, scene.ops, image, fonts);
  }
  if (items.length === 0) {
    page = doc.addPage([pageW, pageH]);
    drawMarks(page, layout.marks, pageH);
  }
  const bytes = await doc.save({ useObjectStreams: true });
  return { bytes, pages: doc.getPageCount(), perPage, images: images.size };
}

/** Page coordinates (points, y up) of a point given in mm from the card's top-left. */
type ToPage = (xMm: number, yMm: number) => [number, number];

function drawCard(page: PDFPage, slot: Box, pageH: number, cardClip: LabelClip, ops: ReturnType<typeof buildLabelScene>["ops"], image: PDFImage | undefined, fonts: { regular: PDFFont; bold: PDFFont }): void {
  const at: ToPage = (x, y) => [mmToPt(slot.x + x), pageH - mmToPt(slot.y + y)];
  page.pushOperators(pushGraphicsState(), ...clipPath(cardClip, at), clip(), endPath());
  for (const op of ops) {
    if (op.kind === "rect") {
      page.pushOperators(fillColour(op.fill), ...(op.radiusMm ? roundedRectPath(op.box, op.radiusMm, at) : rectPath(op.box, at)), fill());
    } else if (op.kind === "image") {
      if (!image) continue;
      const [x, y] = at(op.box.x, op.box.y + op.box.h);
      page.pushOperators(pushGraphicsState(), ...rectPath(op.clip, at), clip(), endPath());
      page.drawImage(image, { x, y, width: mmToPt(op.box.w), height: mmToPt(op.box.h) });
      page.pushOperators(popGraphicsState());
    } else if (op.kind === "text") {
      const [x, y] = at(op.x, op.baseline);
      page.drawText(op.text, { x, y, size: mmToPt(op.sizeMm), font: op.bold ? fonts.bold : fonts.regular, color: rgb(...op.color) });
    } else {
      const n = op.modules.length;
      const cell = op.box.w / n;
      const path: PDFOperator[] = [];
      op.modules.forEach((row, r) => {
        for (let c = 0; c < n; c++) {
          if (!row[c]) continue;
          let end = c;
          while (end + 1 < n && row[end + 1]) end++;
          path.push(...rectPath({ x: op.box.x + c * cell, y: op.box.y + r * cell, w: (end - c + 1) * cell, h: cell }, at));
          c = end;
        }
      });
      page.pushOperators(fillColour([0, 0, 0]), ...path, fill());
    }
  }
  page.pushOperators(popGraphicsState());
}

function drawMarks(page: PDFPage, marks: ReturnType<typeof sheetLayout>["marks"], pageH: number): void {
  const ops: PDFOperator[] = [pushGraphicsState(), setLineWidth(mmToPt(MARK_WIDTH_MM)), setStrokingRgbColor(0, 0, 0)];
  for (const m of marks) ops.push(moveTo(mmToPt(m.x1), pageH - mmToPt(m.y1)), lineTo(mmToPt(m.x2), pageH - mmToPt(m.y2)));
  ops.push(stroke(), popGraphicsState());
  page.pushOperators(...ops);
}

const fillColour = (c: Rgb) => setFillingRgbColor(c[0], c[1], c[2]);

function rectPath(b: Box, at: ToPage): PDFOperator[] {
  const [x, y] = at(b.x, b.y + b.h);
  return [rectangle(x, y, mmToPt(b.w), mmToPt(b.h))];
}

function clipPath(c: LabelClip, at: ToPage): PDFOperator[] {
  if (c.kind === "rect") return rectPath(c.box, at);
  return roundedRectPath({ x: c.cx - c.r, y: c.cy - c.r, w: 2 * c.r, h: 2 * c.r }, c.r, at);
}

/** A rectangle with quarter-circle corners of radius r (a circle when r is half its side). */
function roundedRectPath(b: Box, radius: number, at: ToPage): PDFOperator[] {
  const r = Math.min(radius, b.w / 2, b.h / 2);
  const k = r * (1 - KAPPA);
  const x0 = b.x;
  const y0 = b.y;
  const x1 = b.x + b.w;
  const y1 = b.y + b.h;
  const p = (x: number, y: number) => at(x, y);
  const curve = (c1: [number, number], c2: [number, number], e: [number, number]) => appendBezierCurve(...p(...c1), ...p(...c2), ...p(...e));
  return [
    moveTo(...p(x0 + r, y0)),
    lineTo(...p(x1 - r, y0)),
    curve([x1 - k, y0], [x1, y0 + k], [x1, y0 + r]),
    lineTo(...p(x1, y1 - r)),
    curve([x1, y1 - k], [x1 - k, y1], [x1 - r, y1]),
    lineTo(...p(x0 + r, y1)),
    curve([x0 + k, y1], [x0, y1 - k], [x0, y1 - r]),
    lineTo(...p(x0, y0 + r)),
    curve([x0, y0 + k], [x0 + k, y0], [x0 + r, y0]),
    closePath(),
  ];
}
