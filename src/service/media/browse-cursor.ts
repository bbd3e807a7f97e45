import { DomainError } from "../../core/errors.ts";

/**
 * Browse cursors: opaque to clients (base64 of JSON), holding the offset of the next entry and a fingerprint
 * of the listing asked for (path, sort, letter, systems), so a cursor is refused for another listing.
 */
export function encodeBrowseCursor(offset: number, listing: string): string {
  return Buffer.from(JSON.stringify({ o: offset, l: listing })).toString("base64");
}

/** The offset a cursor points at; "" or absent is the start. Refuses malformed cursors and another listing's. */
export function decodeBrowseCursor(cursor: string | undefined, listing: string): number {
  if (!cursor) return 0;
  let data: unknown;
  try {
    data = JSON.parse(Buffer.from(cursor, "base64").toString("utf8"));
  } catch {
    throw new DomainError("invalid", "invalid params: invalid cursor");
  }
  const d = data as { o?: unknown; l?: unknown } | null;
  if (typeof d !== "object" || d === null || !Number.isSafeInteger(d.o) || (d.o as number) < 0 || typeof d.l !== "string") {
    throw new DomainError("invalid", "invalid params: invalid cursor");
  }
  if (d.l !== listing) throw new DomainError("invalid", "invalid params: the cursor belongs to another listing (path, sort, letter or systems changed)");
  return d.o as number;
}
