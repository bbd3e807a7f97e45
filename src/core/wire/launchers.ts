import { type } from "../lazy-arktype.ts";

/** `launchers`: every launcher of this device in the reference's shape, sorted by system id, then id. */
export const LauncherInfo = type({
  id: "string",
  "systemId?": "string",
  "systemName?": "string",
  "groups?": "string[]",
  available: "boolean",
  "availabilityReason?": "string",
});
export type LauncherInfo = typeof LauncherInfo.infer;
export const LaunchersResult = type({ launchers: LauncherInfo.array() });
