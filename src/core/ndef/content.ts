import { toHex } from "../bytes.ts";
import { messageText, NdefError, parseMessage } from "./records.ts";
import type { TlvScan } from "./tlv.ts";

/** What a tag's NDEF area holds, as a token: the message's text and its bytes as hex, or why there is none. */
export interface NdefContent {
  text: string;
  data: string;
  note?: string;
}

/** The content of a finished TLV scan (any kind but "short", which needs more bytes first). */
export function ndefContent(scan: Exclude<TlvScan, { kind: "short" }>): NdefContent {
  if (scan.kind !== "ndef") return { text: "", data: "", note: scan.kind === "invalid" ? scan.reason : "no NDEF message" };
  try {
    return { text: messageText(parseMessage(scan.message)), data: toHex(scan.message) };
  } catch (err) {
    if (err instanceof NdefError) return { text: "", data: toHex(scan.message), note: err.message };
    throw err;
  }
}
