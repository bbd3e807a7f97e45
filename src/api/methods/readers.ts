import { type } from "arktype";
import { defineMethod } from "../rpc/method.ts";

/**
 * `tokens`, `readers`, `readers.write`. Shapes follow what the reference's clients read
 * (../shared/notes/reference-implementation.md); the readers module supplies the data.
 */

export const TokenSchema = type({ type: "string", uid: "string", text: "string", data: "string", scanTime: "string", "readerId?": "string" });
export const TokensResult = type({ active: TokenSchema.array(), "last?": TokenSchema });

export const ReaderInfoSchema = type({
  id: "string",
  readerId: "string",
  driver: "string",
  info: "string",
  connected: "boolean",
  capabilities: "string[]",
});
export const ReadersResult = type({ readers: ReaderInfoSchema.array() });

export const WriteParams = type({ "+": "delete", text: "string", "readerId?": "string" });

export interface ReadersApi {
  tokens(): typeof TokensResult.infer;
  readers(): typeof ReadersResult.infer;
  /** Throws RpcError for every refusal (no reader, no tag, too large, failed). */
  write(text: string, readerId?: string): Promise<void>;
}

export function readersMethods(api: ReadersApi) {
  return [
    defineMethod({
      name: "tokens",
      summary: "Tokens on the readers now, and the last token scanned.",
      params: null,
      result: TokensResult,
      handler: () => api.tokens(),
    }),
    defineMethod({
      name: "readers",
      summary: "Readers the service has open.",
      params: null,
      result: ReadersResult,
      handler: () => api.readers(),
    }),
    defineMethod({
      name: "readers.write",
      summary: "Writes text as an NDEF Text record to the tag on the first write-capable reader with a tag (or on readerId), then reads it back.",
      params: WriteParams,
      result: type("null"),
      example: { text: "SNES/Super Mario World.sfc" },
      handler: async (p) => {
        await api.write(p.text, p.readerId);
        return null;
      },
    }),
  ];
}
