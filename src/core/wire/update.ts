import { type } from "../lazy-arktype.ts";

/**
 * `update.check`, in the reference's shape. This service never fetches releases: it is updated with the device's
 * package (install.sh, the platform's package manager), so eligibility is always "managed" and nothing is available.
 */
export const UpdateEligibility = type("'eligible' | 'development' | 'managed' | 'unsupported'");
export const UpdateCheckResult = type({
  currentVersion: "string",
  updateAvailable: "boolean",
  autoInstall: "boolean",
  "eligibility?": UpdateEligibility,
  "channel?": "string",
  "latestVersion?": "string",
  "releaseNotes?": "string",
  "checkedAt?": "string",
});
export type UpdateCheckResult = typeof UpdateCheckResult.infer;

/** `update.apply`'s params as the reference takes them (`force`: go ahead while media plays); none at all is fine. */
export const UpdateApplyParams = type({ "+": "delete", "force?": "boolean" }).or("null");
export type UpdateApplyParams = typeof UpdateApplyParams.infer;
