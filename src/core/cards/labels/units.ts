/** Physical units of the label templates: millimetres everywhere, PDF points (1/72 in) only at the PDF edge. */
export const MM_PER_INCH = 25.4;
export const PT_PER_MM = 72 / MM_PER_INCH;

export const mmToPt = (mm: number): number => mm * PT_PER_MM;
export const ptToMm = (pt: number): number => pt / PT_PER_MM;
export const inToMm = (inches: number): number => inches * MM_PER_INCH;
/** Pixels that `mm` spans at `dpi`. */
export const mmToPx = (mm: number, dpi: number): number => (mm * dpi) / MM_PER_INCH;
