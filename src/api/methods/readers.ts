import { type } from "arktype";
import { ReadersResult, WriteParams } from "../../core/wire/readers.ts";
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
      summary: "Writes text as an NDEF Text record to the tag on the first write-capable reader with a tag (or on readerId), then reads it back.",
      params: WriteParams,
      result: type("null"),
      example: { text: "SNES/Super Mario World.sfc" },
      handler: async (p) => {
        await deps.readers.write(p.text, p.readerId);
        return null;
      },
    }),
  ];
}
