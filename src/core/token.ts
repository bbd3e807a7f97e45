import type { Token } from "./wire/tokens.ts";

/**
 * A scanned (or emulated) token: what a reader, `launch`, `GET /l/` or any other token source hands to the
 * launch pipeline. Field names follow the spec's launch parameters; empty strings mean "not present".
 */
export interface ScannedToken {
  /** Internal category of the token (e.g. "ntag215", "file", "api"); logging and history only. */
  type: string;
  uid: string;
  text: string;
  /** Raw token data as lowercase hex. */
  data: string;
  /** RFC 3339 time of the scan. */
  scanTime: string;
  /** Stable id of the reader that produced it, when a reader did. */
  readerId?: string;
  /** Where it came from: "api" (launch/run), "http" (GET /l/), "mqtt" (a publisher's command topic), "reader", "playlist" (an item of the active playlist). */
  source: "api" | "http" | "mqtt" | "reader" | "playlist";
  /**
   * Sent by another device (the API from a remote caller or with the app's `unsafe` flag, GET /l/ from the
   * LAN); `execute` refuses such scripts unless zapscript.allow_remote_execute. Readers' scans are local.
   */
  remote?: boolean;
}

/** Where token sources deliver tokens. The launch pipeline implements it; readers and the API call it. */
export interface TokenSink {
  /** Queues the token; returns at once. Tokens are handled one at a time in arrival order. */
  submit(token: ScannedToken): void;
}

/** RFC 3339 with milliseconds and an explicit UTC offset. */
export function rfc3339(date: Date = new Date()): string {
  return date.toISOString();
}

/** A token as clients see it (`tokens`, `tokens.added`): where it came from stays inside the service. */
export function tokenView(t: ScannedToken): Token {
  const view: Token = { type: t.type, uid: t.uid, text: t.text, data: t.data, scanTime: t.scanTime };
  if (t.readerId) view.readerId = t.readerId;
  return view;
}
