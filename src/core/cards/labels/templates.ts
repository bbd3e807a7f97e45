import { inToMm } from "./units.ts";

/**
 * A label's physical format. `widthMm`×`heightMm` is the trim size (where it is cut); artwork runs `bleedMm`
 * past it on every side so a cut slightly off leaves no white edge. Round labels are circles of diameter
 * `widthMm`. Sizes: ISO/IEC 7810 ID-1 (85.6 × 54 mm, corners 3.18 mm), NTAG sticker discs, a 3.5 × 5 in insert.
 */
export interface LabelTemplate {
  readonly id: string;
  readonly name: string;
  readonly shape: "rect" | "round";
  readonly widthMm: number;
  readonly heightMm: number;
  readonly bleedMm: number;
  /** Corner radius of the trim box (drawn as a guide only on the PNG; the PDF's cut is square-cornered). */
  readonly cornerMm: number;
  /** Whether the format has room for a QR code and tag chips (sticker discs do not). */
  readonly roomForExtras: boolean;
}

const ID1_LONG = 85.6;
const ID1_SHORT = 54;
const ID1_CORNER = 3.18;

export const TEMPLATES = {
  "id1-landscape": { id: "id1-landscape", name: "Trading card, landscape (85.6 × 54 mm)", shape: "rect", widthMm: ID1_LONG, heightMm: ID1_SHORT, bleedMm: 2, cornerMm: ID1_CORNER, roomForExtras: true },
  "id1-portrait": { id: "id1-portrait", name: "Trading card, portrait (54 × 85.6 mm)", shape: "rect", widthMm: ID1_SHORT, heightMm: ID1_LONG, bleedMm: 2, cornerMm: ID1_CORNER, roomForExtras: true },
  "round-25": { id: "round-25", name: "Sticker disc 25 mm", shape: "round", widthMm: 25, heightMm: 25, bleedMm: 1.5, cornerMm: 0, roomForExtras: false },
  "round-30": { id: "round-30", name: "Sticker disc 30 mm", shape: "round", widthMm: 30, heightMm: 30, bleedMm: 1.5, cornerMm: 0, roomForExtras: false },
  "insert-3.5x5": { id: "insert-3.5x5", name: "Insert 3.5 × 5 in", shape: "rect", widthMm: inToMm(3.5), heightMm: inToMm(5), bleedMm: 2, cornerMm: 0, roomForExtras: true },
} as const satisfies Record<string, LabelTemplate>;

export type TemplateId = keyof typeof TEMPLATES;
export const TEMPLATE_IDS = Object.keys(TEMPLATES) as TemplateId[];
export const templateById = (id: TemplateId): LabelTemplate => TEMPLATES[id];
