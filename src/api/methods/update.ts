import { type } from "../../core/lazy-arktype.ts";
import { DomainError } from "../../core/errors.ts";
import { UpdateApplyParams, UpdateCheckResult } from "../../core/wire/update.ts";
import { requireLocalOrPaired } from "../rpc/require-paired.ts";
import { defineMethod } from "../rpc/method.ts";

/** How this service is updated on each platform, said to a client that asks it to update itself. */
const HOW_TO_UPDATE: Readonly<Record<string, string>> = {
  mister: "replace Scripts/tapserve.sh with the newer release and run it from the Scripts menu (or reboot)",
  mistex: "replace Scripts/tapserve.sh with the newer release and run it from the Scripts menu (or reboot)",
};
const HOW_TO_UPDATE_ELSEWHERE = "unpack the newer release on the device and run its ./install.sh (config and data are kept)";

/** Why `update.apply` never updates on this platform, and what to do instead. */
export function updateRefusal(platform: string): string {
  return `this service does not update itself: it is updated with the device's package; to update, ${HOW_TO_UPDATE[platform] ?? HOW_TO_UPDATE_ELSEWHERE}`;
}

/** `update.check` and `update.apply`: this service is updated with the device's package, never by itself (no network). */
export function updateMethods(deps: { version: string; platform?: string }) {
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
    defineMethod({
      name: "update.apply",
      summary: "The reference's self-update: refused here (1005) with the reason and how this service is updated on this device (with the device's package; nothing is downloaded). `force` is accepted and changes nothing.",
      params: UpdateApplyParams,
      result: type("null"),
      example: { force: false },
      handler: (_p, caller) => {
        requireLocalOrPaired(caller, "update.apply");
        throw new DomainError("unsupported", updateRefusal(deps.platform ?? ""));
      },
    }),
  ];
}
