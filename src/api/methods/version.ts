import { VersionResult } from "../../core/wire/service.ts";
import { defineMethod } from "../rpc/method.ts";

export function versionMethods(deps: { version: string; platform: string }) {
  return [
    defineMethod({
      name: "version",
      summary: "Service version and the id of the platform it runs on.",
      params: null,
      result: VersionResult,
      handler: () => ({ version: deps.version, platform: deps.platform }),
    }),
  ];
}
