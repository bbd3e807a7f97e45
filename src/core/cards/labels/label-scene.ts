import { encode } from "uqr";
import { splitTag } from "../../media/filename-tags.ts";
import { tagLabel } from "../../media/tag-vocabulary.ts";
import type { CardItem } from "../card-item.ts";
import { fitText, type Measure } from "./fit-text.ts";
import { launchLink } from "./launch-link.ts";
import type { Box } from "./sheet-layout.ts";
import type { LabelTemplate } from "./templates.ts";

/** A colour, each channel 0..1. */
export type Rgb = readonly [number, number, number];

/**
 * What one label shows, in millimetres from its trim box's top-left corner (y downwards; the bleed lies at
 * negative coordinates and past the trim size). Both the PDF and the PNG renderer paint exactly these, in order.
 */
export type LabelOp =
  | { kind: "rect"; box: Box; fill: Rgb; radiusMm?: number }
  | { kind: "image"; box: Box; clip: Box }
  | { kind: "text"; x: number; baseline: number; text: string; sizeMm: number; bold: boolean; color: Rgb }
  | { kind: "qr"; box: Box; modules: readonly (readonly boolean[])[] };

export type LabelClip = { kind: "rect"; box: Box } | { kind: "circle"; cx: number; cy: number; r: number };

export interface LabelScene {
  /** Everything is painted inside this: the trim box grown by the bleed. */
  clip: LabelClip;
  ops: LabelOp[];
}

export interface LabelOptions {
  /** Show a QR code of the launch link (formats with room for it). */
  qr: boolean;
  /** Show the item's tags as chips (formats with room for them). */
  chips: boolean;
  /** Origin of the launch link, e.g. `http://mister.local:7497`. */
  linkBase: string;
}

/** Pixel size of the cover art, or null when the game has none (a placeholder with the title is drawn). */
export type ArtSize = { width: number; height: number } | null;

export const INK: Rgb = [0.1, 0.1, 0.11];
const PAPER: Rgb = [0.97, 0.97, 0.96];
const MUTED: Rgb = [0.36, 0.37, 0.4];
const PANEL: Rgb = [0.17, 0.18, 0.2];
const WHITE: Rgb = [1, 1, 1];
const CHIP: Rgb = [0.87, 0.88, 0.9];
/** Where text glyphs' tops sit below a line's top, as a share of the size (the font's cap height and a bit). */
const ASCENT = 0.8;
/** Most chips a label shows. */
const MAX_CHIPS = 4;

/** A calm colour of its own for each system, for placeholders. */
export function systemColour(systemId: string): Rgb {
  let h = 0;
  for (const ch of systemId) h = (h * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  return hsl((h % 360) / 360, 0.38, 0.34);
}

function hsl(h: number, s: number, l: number): Rgb {
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (t: number) => {
    const u = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
    if (u < 1 / 6) return p + (q - p) * 6 * u;
    if (u < 1 / 2) return q;
    if (u < 2 / 3) return p + (q - p) * (2 / 3 - u) * 6;
    return p;
  };
  return [channel(h + 1 / 3), channel(h), channel(h - 1 / 3)];
}

/** The chips' text of `type:value` tags: the vocabulary's label (e.g. "USA", "English") or the value. */
export function chipTexts(tags: readonly string[]): string[] {
  return tags.slice(0, MAX_CHIPS).map((t) => {
    const { type, value } = splitTag(t);
    return tagLabel(type, value) ?? value;
  });
}

/** Where art of `art` size goes in `box`: whole inside it (contain) or filling it, cropped (cover). */
export function placeArt(box: Box, art: { width: number; height: number }, fit: "contain" | "cover"): Box {
  const scaleW = box.w / art.width;
  const scaleH = box.h / art.height;
  const scale = fit === "contain" ? Math.min(scaleW, scaleH) : Math.max(scaleW, scaleH);
  const w = art.width * scale;
  const h = art.height * scale;
  return { x: box.x + (box.w - w) / 2, y: box.y + (box.h - h) / 2, w, h };
}

class SceneBuilder {
  readonly ops: LabelOp[] = [];
  constructor(private readonly measure: Measure) {}

  rect(box: Box, fill: Rgb, radiusMm?: number): void {
    this.ops.push(radiusMm ? { kind: "rect", box, fill, radiusMm } : { kind: "rect", box, fill });
  }

  art(box: Box, art: { width: number; height: number }, fit: "contain" | "cover"): void {
    this.ops.push({ kind: "image", box: placeArt(box, art, fit), clip: box });
  }

  /** Text fitted into `box`, from its top (or centred vertically with `middle`), left-aligned or centred. */
  text(text: string, box: Box, o: { max: number; min: number; lines: number; bold: boolean; color: Rgb; center?: boolean; middle?: boolean }): number {
    const fitted = fitText(text, box.w, box.h, { maxSizeMm: o.max, minSizeMm: o.min, maxLines: o.lines, bold: o.bold }, this.measure);
    const blockH = fitted.lines.length === 0 ? 0 : (fitted.lines.length - 1) * fitted.lineHeightMm + fitted.sizeMm;
    const top = o.middle ? box.y + (box.h - blockH) / 2 : box.y;
    fitted.lines.forEach((line, i) => {
      const width = this.measure(line, fitted.sizeMm, o.bold);
      const x = o.center ? box.x + (box.w - width) / 2 : box.x;
      this.ops.push({ kind: "text", x, baseline: top + ASCENT * fitted.sizeMm + i * fitted.lineHeightMm, text: line, sizeMm: fitted.sizeMm, bold: o.bold, color: o.color });
    });
    return blockH;
  }

  /** Chips in one row from the left of `box`; those that do not fit are left out. */
  chips(texts: readonly string[], box: Box): void {
    const size = box.h * 0.62;
    const pad = box.h * 0.35;
    let x = box.x;
    for (const t of texts) {
      const w = this.measure(t, size, false) + 2 * pad;
      if (x + w > box.x + box.w + 1e-9) break;
      this.rect({ x, y: box.y, w, h: box.h }, CHIP, box.h / 2);
      this.ops.push({ kind: "text", x: x + pad, baseline: box.y + (box.h + ASCENT * size) / 2 - size * 0.06, text: t, sizeMm: size, bold: false, color: INK });
      x += w + pad * 0.8;
    }
  }

  qr(text: string, box: Box): void {
    const { data } = encode(text, { ecc: "M", border: 0 });
    this.rect({ x: box.x - 0.8, y: box.y - 0.8, w: box.w + 1.6, h: box.h + 1.6 }, WHITE);
    this.ops.push({ kind: "qr", box, modules: data });
  }

  placeholder(item: CardItem, box: Box, inner: Box, max: number, min: number): void {
    this.rect(box, systemColour(item.systemId));
    this.text(item.title, inner, { max, min, lines: 4, bold: true, color: WHITE, center: true, middle: true });
  }
}

/** The label of `item` on `template`: its art (or a placeholder), title, system, chips and QR code. */
export function buildLabelScene(item: CardItem, t: LabelTemplate, o: LabelOptions, art: ArtSize, measure: Measure): LabelScene {
  const s = new SceneBuilder(measure);
  const b = t.bleedMm;
  const full: Box = { x: -b, y: -b, w: t.widthMm + 2 * b, h: t.heightMm + 2 * b };
  const link = launchLink(o.linkBase, item.script);
  const chips = o.chips && t.roomForExtras ? chipTexts(item.tags) : [];
  const qr = o.qr && t.roomForExtras;
  s.rect(full, PAPER);
  if (t.shape === "round") {
    roundLabel(s, item, t, full, art);
    return { clip: { kind: "circle", cx: t.widthMm / 2, cy: t.heightMm / 2, r: t.widthMm / 2 + b }, ops: s.ops };
  }
  if (t.id === "id1-landscape") {
    const panel: Box = { x: -b, y: -b, w: 40 + b, h: t.heightMm + 2 * b };
    const inner: Box = { x: 3, y: 3, w: 34, h: t.heightMm - 6 };
    if (art) (s.rect(panel, PANEL), s.art(inner, art, "contain"));
    else s.placeholder(item, panel, inner, 5, 2.4);
    const x = 43;
    const w = t.widthMm - 3 - x;
    s.text(item.systemName.toUpperCase(), { x, y: 3.5, w, h: 3 }, { max: 2.4, min: 1.6, lines: 1, bold: false, color: MUTED });
    const qrSize = 15;
    const titleH = qr || chips.length ? 24 : 42;
    s.text(item.title, { x, y: 8, w, h: titleH }, { max: 4.4, min: 2.2, lines: qr || chips.length ? 4 : 6, bold: true, color: INK });
    if (qr) s.qr(link, { x: t.widthMm - 3 - qrSize, y: t.heightMm - 3 - qrSize, w: qrSize, h: qrSize });
    if (chips.length) s.chips(chips, { x, y: t.heightMm - 3 - 3.4, w: w - (qr ? qrSize + 1.5 : 0), h: 3.4 });
  } else if (t.id === "id1-portrait") {
    const panel: Box = { x: -b, y: -b, w: t.widthMm + 2 * b, h: 51 + b };
    const inner: Box = { x: 3, y: 3, w: t.widthMm - 6, h: 45 };
    if (art) (s.rect(panel, PANEL), s.art(inner, art, "contain"));
    else s.placeholder(item, panel, inner, 5, 2.4);
    const qrSize = 13;
    const w = t.widthMm - 6;
    s.text(item.systemName.toUpperCase(), { x: 3, y: 53.5, w, h: 2.6 }, { max: 2.2, min: 1.5, lines: 1, bold: false, color: MUTED });
    const besideQr = w - (qr ? qrSize + 1.5 : 0);
    s.text(item.title, { x: 3, y: 57.5, w: besideQr, h: chips.length ? 18 : 25 }, { max: 4, min: 2, lines: chips.length ? 3 : 4, bold: true, color: INK });
    if (qr) s.qr(link, { x: t.widthMm - 3 - qrSize, y: t.heightMm - 3 - qrSize, w: qrSize, h: qrSize });
    if (chips.length) s.chips(chips, { x: 3, y: t.heightMm - 3 - 3.2, w: besideQr, h: 3.2 });
  } else {
    const panel: Box = { x: -b, y: -b, w: t.widthMm + 2 * b, h: 82 + b };
    const inner: Box = { x: 4, y: 4, w: t.widthMm - 8, h: 74 };
    if (art) (s.rect(panel, PANEL), s.art(inner, art, "contain"));
    else s.placeholder(item, panel, inner, 8, 3);
    const qrSize = 22;
    const w = t.widthMm - 8;
    s.text(item.systemName.toUpperCase(), { x: 4, y: 85, w, h: 3.6 }, { max: 3, min: 2, lines: 1, bold: false, color: MUTED });
    const besideQr = w - (qr ? qrSize + 2 : 0);
    s.text(item.title, { x: 4, y: 90, w: besideQr, h: chips.length ? 22 : 30 }, { max: 6, min: 2.6, lines: 4, bold: true, color: INK });
    if (qr) s.qr(link, { x: t.widthMm - 4 - qrSize, y: t.heightMm - 4 - qrSize, w: qrSize, h: qrSize });
    if (chips.length) s.chips(chips, { x: 4, y: t.heightMm - 4 - 4.2, w: besideQr, h: 4.2 });
  }
  return { clip: { kind: "rect", box: full }, ops: s.ops };
}

function roundLabel(s: SceneBuilder, item: CardItem, t: LabelTemplate, full: Box, art: ArtSize): void {
  const d = t.widthMm;
  if (!art) {
    s.placeholder(item, full, { x: 0.14 * d, y: 0.2 * d, w: 0.72 * d, h: 0.46 * d }, 0.14 * d, 0.06 * d);
    s.text(item.systemName, { x: 0.22 * d, y: 0.72 * d, w: 0.56 * d, h: 0.07 * d }, { max: 0.06 * d, min: 0.045 * d, lines: 1, bold: false, color: WHITE, center: true });
    return;
  }
  s.art(full, art, "cover");
  s.rect({ x: -t.bleedMm, y: 0.66 * d, w: d + 2 * t.bleedMm, h: 0.34 * d + t.bleedMm }, PANEL);
  s.text(item.title, { x: 0.16 * d, y: 0.685 * d, w: 0.68 * d, h: 0.15 * d }, { max: 0.085 * d, min: 0.05 * d, lines: 2, bold: true, color: WHITE, center: true, middle: true });
  s.text(item.systemName, { x: 0.28 * d, y: 0.85 * d, w: 0.44 * d, h: 0.06 * d }, { max: 0.05 * d, min: 0.04 * d, lines: 1, bold: false, color: [0.8, 0.8, 0.82], center: true });
}
