import { type } from "../lazy-arktype.ts";

/** Readers on the wire: `readers`, `readers.write`, `readers.added` / `readers.removed`. */

export const ReaderInfo = type({
  id: "string",
  readerId: "string",
  driver: "string",
  info: "string",
  connected: "boolean",
  capabilities: "string[]",
});
export type ReaderInfo = typeof ReaderInfo.infer;
export const ReadersResult = type({ readers: ReaderInfo.array() });
export type ReadersResult = typeof ReadersResult.infer;

export const WriteParams = type({ "+": "delete", text: "string", "readerId?": "string" });
/** `readers.write.cancel`: ends the writes waiting for a tag (on every reader, or on `readerId`). */
export const WriteCancelParams = type({ "+": "delete", "readerId?": "string" }).or("null");

export const ReaderEvent = type({ connected: "boolean", driver: "string", path: "string" });
export type ReaderEvent = typeof ReaderEvent.infer;

/** `readers.write.playing`: what was written (the playing media's launch script) and on which reader. */
export const WritePlayingResult = type({ text: "string", readerId: "string" });
