/**
 * tty2oled pictures, as the reference finds and names them (pure: names, paths, URLs and file parsing).
 *
 * - Names: on MiSTer the arcade set name first (when the system is Arcade), then the picture the reference maps
 *   the system to (`SYSTEM_PICTURES`); a picture with alternative versions (`PICTURE_ALTS`) is always shown as
 *   the same one of them, picked by an FNV-1a hash of its name.
 * - Formats, in order of preference, each in its own folder: `GSC_US`, `XBM_US`, `GSC`, `XBM`, `XBM_TEXT`
 *   (`.gsc` 4 bits a pixel, 8192 bytes; `.xbm` 1 bit, 2048 bytes), in the public collection at
 *   `<base>/<FORMAT>/<name><ext>` (base: the venice1200/MiSTer_tty2oled_Pictures repository's `Pictures`).
 * - Files: C source: three header lines, then `0x..` bytes separated by commas.
 */

export const PICTURES_BASE_URL = "https://raw.githubusercontent.com/venice1200/MiSTer_tty2oled_Pictures/main/Pictures";
/** The cache folder under the data folder, as the reference's (`<data>/assets/tty2oled_pics/<FORMAT>/`). */
export const PICTURE_CACHE_DIR = "assets/tty2oled_pics";

export const PICTURE_FORMATS = ["GSC_US", "XBM_US", "GSC", "XBM", "XBM_TEXT"] as const;
export type PictureFormat = (typeof PICTURE_FORMATS)[number];

/** The picture sizes a display takes: XBM (1 bit a pixel, 256×64) and GSC (4 bits a pixel). */
export const PICTURE_BYTES = { xbm: 2048, gsc: 8192 } as const;
/** Largest picture file fetched or read (the reference's download limit). */
export const MAX_PICTURE_FILE_BYTES = 1 << 20;

export function formatExtension(format: PictureFormat): ".gsc" | ".xbm" {
  return format.startsWith("GSC") ? ".gsc" : ".xbm";
}

/** System id → picture name (the reference's table). */
export const SYSTEM_PICTURES: Readonly<Record<string, string>> = {
  "3DO": "3DO",
  Dreamcast: "Dreamcast",
  Genesis: "Genesis",
  NES: "NES",
  SNES: "SNES",
  PSX: "PSX",
  Saturn: "Saturn",
  Atari2600: "ATARI2600",
  Atari5200: "ATARI5200",
  Atari7800: "ATARI7800",
  Atari800: "ATARI800",
  AtariLynx: "AtariLynx",
  GameGear: "GameGear",
  Gameboy: "Gameboy",
  GameboyColor: "GameboyColor",
  GBA: "GBA",
  MasterSystem: "SMS",
  MegaCD: "MegaCD",
  NeoGeo: "NeoGeo",
  NeoGeoCD: "NeoGeoCD",
  NeoGeoPocket: "NGP",
  NeoGeoPocketColor: "NGPC",
  Nintendo64: "N64",
  TurboGrafx16: "TGFX16",
  TurboGrafx16CD: "TGFX16-CD",
  Vectrex: "Vectrex",
  VirtualBoy: "VirtualBoy",
  WonderSwan: "WonderSwan",
  WonderSwanColor: "WonderSwanColor",
  AcornAtom: "AcornAtom",
  AcornElectron: "AcornElectron",
  AliceMC10: "AliceMC10",
  Amiga: "Amiga",
  Amstrad: "Amstrad",
  AppleI: "APPLE-I",
  AppleII: "Apple-II",
  Aquarius: "AQUARIUS",
  C64: "C64",
  MSX: "MSX",
  ZXSpectrum: "Spectrum",
  ZXNext: "ZXNext",
  ZX81: "ZX81",
  AdventureVision: "AVision",
  Apogee: "APOGEE",
  DOS: "AO486",
  PC: "AO486",
  Arcade: "Arcade",
  Arcadia: "Arcadia",
  Astrocade: "Astrocade",
  ColecoVision: "ColecoVision",
  Intellivision: "Intellivision",
  Odyssey2: "Odyssey2",
  ChannelF: "ChannelF",
  CreatiVision: "CreatiVision",
  Gamate: "Gamate",
  MegaDuck: "MegaDuck",
  PokemonMini: "PokemonMini",
  SuperVision: "SuperVision",
  VC4000: "VC4000",
  BBCMicro: "BBC",
  TI994A: "TI99_4A",
  TRS80: "TRS-80",
  VIC20: "VIC20",
  X68000: "X68000",
  MacPlus: "MacPlus",
  PET2001: "PET2001",
  CoCo2: "CoCo2",
};

/** Pictures with alternative versions `<name>_alt1` … and how many (the reference's table). */
export const PICTURE_ALTS: Readonly<Record<string, number>> = { Genesis: 1, PSX: 5, Minimig: 3, "000-FMTOWNS": 1, "3wonders": 1, AO486: 1 };

/** FNV-1a, 32 bits, of the UTF-8 bytes of `text`. */
export function fnv1a32(text: string): number {
  let hash = 0x811c9dc5;
  for (const b of new TextEncoder().encode(text)) hash = Math.imul(hash ^ b, 0x01000193) >>> 0;
  return hash;
}

/** The version of `name` shown: itself, or the alternative its hash picks when it has some. */
export function pictureVariant(name: string): string {
  const alts = PICTURE_ALTS[name] ?? 0;
  if (alts <= 0) return name;
  const pick = fnv1a32(name) % (alts + 1);
  return pick === 0 ? name : `${name}_alt${pick}`;
}

/** A picture name is one path segment: not empty, no `/` or `\`, not `.` or `..`. */
export function validPictureName(name: string): boolean {
  return name !== "" && name !== "." && name !== ".." && !/[/\\]/.test(name) && !name.includes("\0");
}

/** What is playing, as the picture choice needs it. */
export interface PictureMedia {
  systemId: string;
  /** The platform's own picture name for it (MiSTer: the arcade set name), or "". */
  platformPicture?: string;
}

/** The pictures to look for, best first: the platform's name, then the system's picture (each once). */
export function pictureNames(media: PictureMedia): string[] {
  const names: string[] = [];
  const own = media.platformPicture?.trim() ?? "";
  if (own !== "") names.push(own);
  const mapped = SYSTEM_PICTURES[media.systemId];
  if (mapped && names[0] !== mapped) names.push(mapped);
  return names.filter(validPictureName);
}

/** `<FORMAT>/<name><ext>`, relative to a pictures folder or the collection's base URL. */
export function picturePath(format: PictureFormat, name: string): string {
  return `${format}/${name}${formatExtension(format)}`;
}

export class PictureFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PictureFileError";
  }
}

/**
 * The bytes a picture file holds for the display: every `0x..` value after the first three lines, which must
 * come to 2048 (XBM) or 8192 (GSC) bytes.
 */
export function parsePictureFile(text: string): Uint8Array {
  const lines = text.split("\n");
  if (lines.length < 4) throw new PictureFileError(`picture file too short (${lines.length} lines; the data starts on line 4)`);
  const bytes: number[] = [];
  for (const raw of lines.slice(3)) {
    const line = raw.trim();
    if (line === "" || line === "};" || line === "}") continue;
    for (const part of line.replaceAll(",", " ").replaceAll(";", " ").split(/\s+/)) {
      if (!/^0[xX]/.test(part)) continue;
      const hex = part.slice(2);
      if (hex.length < 1 || hex.length > 2) continue;
      if (!/^[0-9a-fA-F]+$/.test(hex)) throw new PictureFileError(`not a hex byte: ${part}`);
      bytes.push(parseInt(hex, 16));
    }
  }
  if (bytes.length !== PICTURE_BYTES.xbm && bytes.length !== PICTURE_BYTES.gsc) {
    throw new PictureFileError(`picture data is ${bytes.length} bytes; a display takes ${PICTURE_BYTES.xbm} (XBM) or ${PICTURE_BYTES.gsc} (GSC)`);
  }
  return Uint8Array.from(bytes);
}
