/**
 * The wire form of our page cursors (search, browse): base64url of a small JSON object, opaque to clients.
 * Decoding refuses anything longer than `maxChars`, outside the base64url alphabet, or not a JSON object.
 */
export function encodeOpaqueCursor(fields: Record<string, unknown>): string {
  return Buffer.from(JSON.stringify(fields), "utf8").toString("base64url");
}

/** The object a cursor holds, or undefined for anything we cannot have written. */
export function decodeOpaqueCursor(text: string, maxChars: number): Record<string, unknown> | undefined {
  if (text.length > maxChars || !/^[A-Za-z0-9_-]*$/.test(text)) return undefined;
  try {
    const raw: unknown = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
    return typeof raw === "object" && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
