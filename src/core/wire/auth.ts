import { type } from "../lazy-arktype.ts";

/** Linking the device to a remote service (`settings.auth.*`), in the phone app's shapes. */

export const AuthClaimParams = type({ "+": "reject", claimUrl: "0 < string <= 2048", token: "0 < string <= 4096" });
export type AuthClaimParams = typeof AuthClaimParams.infer;
export const AuthClaimResult = type({ domains: "string[]" });

export const AuthStatusParams = type({ "+": "reject", url: "0 < string <= 2048" });
export const AuthStatusResult = type({ linked: "boolean" });

export const AuthUnlinkResult = type({ domains: "string[]" });

/** `settings.auth.link`: the reverse device link; `url` overrides the account service's base URL. */
export const AuthLinkParams = type({ "url?": "0 < string <= 2048" });
export type AuthLinkParams = typeof AuthLinkParams.infer;

export const AUTH_LINK_STATUSES = ["none", "pending", "approved", "failed", "cancelled"] as const;
/**
 * The link flow's state (`settings.auth.link`, `.status`, `.cancel` and the `auth.link.status` notification, which
 * never carries the user code or the verification URLs).
 */
export const AuthLinkStatus = type({
  status: "'none' | 'pending' | 'approved' | 'failed' | 'cancelled'",
  /** The short code the user enters at the verification URL. */
  "userCode?": "string",
  "verificationUrl?": "string",
  /** The verification URL with the code in it (for a QR code). */
  "verificationUrlComplete?": "string",
  /** RFC 3339: when the link request expires. */
  "expiresAt?": "string",
  /** Why, when `status` is failed. */
  "error?": "string",
});
export type AuthLinkStatus = typeof AuthLinkStatus.infer;
