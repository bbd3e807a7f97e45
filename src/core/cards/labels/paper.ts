import { inToMm } from "./units.ts";

/** The sheets labels are printed on, portrait, in millimetres. */
export const PAPERS = {
  a4: { id: "a4", name: "A4", widthMm: 210, heightMm: 297 },
  letter: { id: "letter", name: "US Letter", widthMm: inToMm(8.5), heightMm: inToMm(11) },
} as const;

export type PaperId = keyof typeof PAPERS;
export type Paper = (typeof PAPERS)[PaperId];
export const PAPER_IDS = Object.keys(PAPERS) as PaperId[];
