/**
 * PC/SC part 3 pseudo-APDUs for contactless storage cards, as ACR122U-class readers implement them. Pure.
 */
import { TagRefusedError } from "../type2/pages.ts";

export const getUid = () => Uint8Array.of(0xff, 0xca, 0x00, 0x00, 0x00);
/** Read Binary: `len` bytes from Type 2 page `page` (16 = four pages). */
export const readBinary = (page: number, len = 16) => Uint8Array.of(0xff, 0xb0, (page >> 8) & 0xff, page & 0xff, len);
/** Update Binary: one 4-byte Type 2 page. */
export const updateBinary = (page: number, bytes: Uint8Array) => Uint8Array.of(0xff, 0xd6, (page >> 8) & 0xff, page & 0xff, 4, ...bytes);

/** The reader answered a command for the card with an error status word (the card refused or did not answer). */
export class ApduError extends TagRefusedError {
  constructor(
    readonly sw: number,
    what: string,
  ) {
    super(`${what}: card answered ${sw.toString(16).padStart(4, "0")}`);
    this.name = "ApduError";
  }
}

/** Splits a response APDU; throws unless the status word is 90 00. */
export function responseData(res: Uint8Array, what: string): Uint8Array {
  if (res.length < 2) throw new ApduError(0, `${what}: short response`);
  const sw = (res[res.length - 2]! << 8) | res[res.length - 1]!;
  if (sw !== 0x9000) throw new ApduError(sw, what);
  return res.subarray(0, res.length - 2);
}

