/**
 * Toys built on NFC Forum Type 2 tags (NTAG21x) that carry no NDEF Zaparoo can use: Nintendo's Amiibo and
 * Lego Dimensions figures. Recognised by fixed bytes, as the reference (Zaparoo Core's libnfc reader) does, so
 * users can map each figure to a game. Pure: page bytes in, token type and data out.
 *
 * - Amiibo: the 7 bytes at offset 9 of the tag's first 16 bytes (page 2 from its second byte, then the whole
 *   capability container, page 3) are `48 0F E0 F1 10 FF EE`. The token's type is `Amiibo` and its data the
 *   8-byte figure identifier at the start of page 21.
 * - Lego Dimensions: the data area (page 4 on) starts with `01 03 A0 0C 34 03 13 D1 01 0F 54 02 65 6E`. The
 *   token's type is `LegoDimensions`; its data is empty (the figure is known by its UID).
 * Neither is written: the toys' pages belong to their games.
 */
import { toHex } from "../bytes.ts";
import { PAGE_SIZE } from "./type2-tag.ts";

export const AMIIBO_TYPE = "Amiibo";
export const LEGO_DIMENSIONS_TYPE = "LegoDimensions";

/** Bytes 9–15 of the first 16 bytes (pages 0–3) of an Amiibo. */
export const AMIIBO_SIGNATURE = Uint8Array.of(0x48, 0x0f, 0xe0, 0xf1, 0x10, 0xff, 0xee);
const AMIIBO_SIGNATURE_OFFSET = 9;
/** The page whose first 8 bytes identify the figure. */
export const AMIIBO_ID_PAGE = 21;
export const AMIIBO_ID_BYTES = 8;

/** The first 14 bytes of a Lego Dimensions toy's data area (page 4 on). */
export const LEGO_DIMENSIONS_SIGNATURE = Uint8Array.of(0x01, 0x03, 0xa0, 0x0c, 0x34, 0x03, 0x13, 0xd1, 0x01, 0x0f, 0x54, 0x02, 0x65, 0x6e);

export type ToyType = typeof AMIIBO_TYPE | typeof LEGO_DIMENSIONS_TYPE;

/** An Amiibo's capability container (page 3): only then is page 2 worth reading to be sure. */
export function mayBeAmiibo(cc: Uint8Array): boolean {
  const tail = AMIIBO_SIGNATURE.subarray(AMIIBO_SIGNATURE.length - PAGE_SIZE);
  return cc.length >= PAGE_SIZE && tail.every((b, i) => cc[i] === b);
}

/** `fromPage0`: the tag's first 16 bytes (a READ of page 0). */
export function isAmiibo(fromPage0: Uint8Array): boolean {
  if (fromPage0.length < AMIIBO_SIGNATURE_OFFSET + AMIIBO_SIGNATURE.length) return false;
  return AMIIBO_SIGNATURE.every((b, i) => fromPage0[AMIIBO_SIGNATURE_OFFSET + i] === b);
}

/** The token data of an Amiibo: hex of the identifier at the start of `fromPage21` (a READ of page 21). */
export function amiiboData(fromPage21: Uint8Array): string {
  if (fromPage21.length < AMIIBO_ID_BYTES) throw new RangeError(`an Amiibo identifier is ${AMIIBO_ID_BYTES} bytes, got ${fromPage21.length}`);
  return toHex(fromPage21.subarray(0, AMIIBO_ID_BYTES));
}

/**
 * Whether the data area's first bytes (`area`, from page 4) are a Lego Dimensions toy's: "yes", "no", or
 * "more" when what was read so far matches but is shorter than the signature (read on to be sure).
 */
export function legoDimensionsCheck(area: Uint8Array): "yes" | "no" | "more" {
  const n = Math.min(area.length, LEGO_DIMENSIONS_SIGNATURE.length);
  for (let i = 0; i < n; i++) if (area[i] !== LEGO_DIMENSIONS_SIGNATURE[i]) return "no";
  return n < LEGO_DIMENSIONS_SIGNATURE.length ? "more" : "yes";
}

/** Why a toy is not written (the write error's message). */
export function toyWriteRefusal(type: ToyType): string {
  const name = type === AMIIBO_TYPE ? "an Amiibo" : "a Lego Dimensions toy";
  return `the tag is ${name}: its pages belong to its game and are not written (map it to a game with a mapping instead)`;
}

/** How a toy token is named to users (the web app's last scan and history): "Amiibo <figure id>", or null for other tokens. */
export function toyLabel(token: { type: string; data: string }): string | null {
  if (token.type === AMIIBO_TYPE) return token.data ? `Amiibo ${token.data}` : "Amiibo";
  if (token.type === LEGO_DIMENSIONS_TYPE) return "Lego Dimensions figure";
  return null;
}
