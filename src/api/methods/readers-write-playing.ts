import { WritePlayingResult } from "../../core/wire/readers.ts";
import type { WritePlaying } from "../../service/write-playing/write-playing.ts";
import { defineMethod } from "../rpc/method.ts";

/** `readers.write.playing`: write what is playing to the next tag presented. */
export function writePlayingMethods(deps: { writePlaying: WritePlaying }) {
  return [
    defineMethod({
      name: "readers.write.playing",
      summary:
        "Writes the launch script of the media playing now to the next tag presented on any write-capable reader (a tag already on a reader is not it), reads it back to verify, and answers what was written and where. Waits up to 30 s for the tag (data.reason \"no-tag\" after that); readers.write.cancel ends the wait (data.reason \"cancelled\"). Nothing playing: data.reason \"no-media\"; no reader that can write: data.reason \"no-reader\".",
      params: null,
      result: WritePlayingResult,
      handler: () => deps.writePlaying.writePlaying(),
    }),
  ];
}
