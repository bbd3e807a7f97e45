import { SystemsParams, SystemsResult } from "../../core/wire/media.ts";
import type { MediaService } from "../../service/media/media-service.ts";
import { defineMethod } from "../rpc/method.ts";

export function systemsMethods(deps: { media: MediaService }) {
  return [
    defineMethod({
      name: "systems",
      summary: "The systems present in the media index, with their media counts (`all: true` lists every known system).",
      params: SystemsParams,
      result: SystemsResult,
      handler: (p) => ({ systems: deps.media.systems(p.all === true) }),
    }),
  ];
}
