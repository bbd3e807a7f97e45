import { UpdateCheckResult } from "../../core/wire/update.ts";
import { requireLocalOrPaired } from "../rpc/require-paired.ts";
import { defineMethod } from "../rpc/method.ts";

/** `update.check`: this service is updated with the device's package, never by itself (no network). */
export function updateMethods(deps: { version: string }) {
  return [
    defineMethod({
      name: "update.check",
      summary: "Whether an update can be installed from here: never, updates come with the device's package (eligibility \"managed\"; nothing is fetched).",
      params: null,
      result: UpdateCheckResult,
      handler: (_p, caller): UpdateCheckResult => {
        requireLocalOrPaired(caller, "update.check");
        return { currentVersion: deps.version, updateAvailable: false, autoInstall: false, eligibility: "managed" };
      },
    }),
  ];
}
