import { type } from "arktype";
import { defineMethod } from "../rpc/method.ts";

export const VersionResult = type({ version: "string", platform: "string" });

export function versionMethods(deps: { version: string; platform(): string }) {
  return [
    defineMethod({
      name: "version",
      summary: "Service version and the id of the platform it runs on.",
      params: null,
      result: VersionResult,
      handler: () => ({ version: deps.version, platform: deps.platform() }),
    }),
  ];
}
