import { type } from "../lazy-arktype.ts";
import { lazy } from "./lazy.ts";

/** `launchers`: every launcher of this device in the reference's shape, sorted by system id, then id. */
export const LauncherInfo = lazy(() => type({
  id: "string",
  "systemId?": "string",
  "systemName?": "string",
  "groups?": "string[]",
  available: "boolean",
  "availabilityReason?": "string",
}));
export type LauncherInfo = typeof LauncherInfo.infer;
export const LaunchersResult = lazy(() => type({ launchers: LauncherInfo.array() }));
