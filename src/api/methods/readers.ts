import { type } from "../../core/lazy-arktype.ts";
import { ReadersResult, WriteCancelParams, WriteParams } from "../../core/wire/readers.ts";
import type { ReadersService } from "../../service/readers/readers-service.ts";
import { defineMethod } from "../rpc/method.ts";

/** `readers`, `readers.write`. Shapes follow what the reference's clients read. */
export function readersMethods(deps: { readers: ReadersService }) {
  return [
    defineMethod({
      name: "readers",
      summary: "Readers the service has open.",
      params: null,
      result: ReadersResult,
      handler: () => ({ readers: deps.readers.list() }),
    }),
    defineMethod({
      name: "readers.write",
      summary: "Writes text as an NDEF Text record to the tag on the first write-capable reader with a tag (or on readerId), then reads it back. With no tag there, waits up to 30 s for one to be presented (that tag is written, not launched).",
      params: WriteParams,
      result: type("null"),
      example: { text: "SNES/Super Mario World.sfc" },
      handler: async (p) => {
        await deps.readers.write(p.text, p.readerId);
        return null;
      },
    }),
    defineMethod({
      name: "readers.write.cancel",
      summary: "Cancels the writes waiting for a tag (all, or those on readerId): each fails with data.reason \"cancelled\". Answers null, also when none was waiting.",
      params: WriteCancelParams,
      result: type("null"),
      handler: (p) => {
        deps.readers.cancelWrites(p?.readerId);
        return null;
      },
    }),
  ];
}
