import fontkit, { type Font } from "@pdf-lib/fontkit";
import type { Measure } from "../../../core/cards/labels/fit-text.ts";
import { DomainError } from "../../../core/errors.ts";

/**
 * The labels' one typeface, DejaVu Sans (regular and bold, from the `dejavu-fonts-ttf` package): Latin, Greek,
 * Cyrillic and much more, so titles such as "Pokémon" or "Ōkami" print as they are, which PDF's 14 standard fonts
 * (WinAnsi only) cannot. CJK is not in it (a CJK font is several MB): a character the font lacks prints as □.
 * The PDF embeds a subset of it; the PNG renderer fills the same glyph outlines, so both lay out identically.
 */
export interface LabelFonts {
  readonly regular: Font;
  readonly bold: Font;
  readonly regularBytes: Uint8Array;
  readonly boldBytes: Uint8Array;
  /** Width of text in mm, the metric the layout uses (advance widths, no kerning or ligatures: as PDF draws it). */
  readonly measure: Measure;
  /** `text` with every character the font cannot draw replaced by □. */
  printable(text: string): string;
}

/** Glyph substitution off: the PDF shows glyphs one per character at their advance widths, and so does the PNG. */
export const LAYOUT_FEATURES = { liga: false, kern: false, calt: false, clig: false } as const;
const MISSING = "\u25a1";

let loaded: LabelFonts | undefined;

/**
 * Reads and parses the fonts once, from the module build/web-assets.ts generates (src/service/cards/labels/generated/, not committed) (embedded in
 * the release binary and the Node bundle alike).
 */
export async function labelFonts(): Promise<LabelFonts> {
  if (loaded) return loaded;
  let embedded: { regular: string; bold: string };
  try {
    embedded = await import("./generated/label-fonts.ts");
  } catch {
    throw new DomainError("unavailable", "label fonts are not built in (run `make deps`: build/web-assets.ts embeds them)");
  }
  const regularBytes = new Uint8Array(Buffer.from(embedded.regular, "base64"));
  const boldBytes = new Uint8Array(Buffer.from(embedded.bold, "base64"));
  const regular = fontkit.create(Buffer.from(regularBytes)) as Font;
  const bold = fontkit.create(Buffer.from(boldBytes)) as Font;
  const widthCache = new Map<string, number>();
  const measure: Measure = (text, sizeMm, isBold) => {
    const key = `${isBold ? 1 : 0}${text}`;
    let em = widthCache.get(key);
    if (em === undefined) {
      const font = isBold ? bold : regular;
      em = font.layout(text, LAYOUT_FEATURES as never).advanceWidth / font.unitsPerEm;
      if (widthCache.size > 20_000) widthCache.clear();
      widthCache.set(key, em);
    }
    return em * sizeMm;
  };
  const printable = (text: string) => {
    let out = "";
    for (const ch of text) {
      const cp = ch.codePointAt(0) ?? 0;
      out += cp < 0x20 ? " " : regular.hasGlyphForCodePoint(cp) && bold.hasGlyphForCodePoint(cp) ? ch : MISSING;
    }
    return out;
  };
  loaded = { regular, bold, regularBytes, boldBytes, measure, printable };
  return loaded;
}
