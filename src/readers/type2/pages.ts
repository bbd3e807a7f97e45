/**
 * The seam between the Type 2 tag logic (tag-io.ts) and a reader's transport: three page-level operations.
 * Each NFC driver adapts its own commands to it (PC/SC: GET UID, READ BINARY, UPDATE BINARY pseudo-APDUs;
 * PN532: the target's UID, InDataExchange READ 30 and WRITE A2), so tests can drive it with a byte array.
 */

export interface Type2Pages {
  /** The tag's UID. */
  readUid(): Promise<Uint8Array>;
  /** Four pages (16 bytes) from page `page`. */
  readPages(page: number): Promise<Uint8Array>;
  /** Writes one 4-byte page. */
  writePage(page: number, bytes: Uint8Array): Promise<void>;
}

/**
 * The tag answered a command with an error status, or not at all (gone, not that kind of tag), as opposed to
 * the reader or its link failing. The drivers' own tag-level errors extend it (ApduError, TagIoError).
 */
export class TagRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "TagRefusedError";
  }
}
