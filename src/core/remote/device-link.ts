import { type } from "../lazy-arktype.ts";
import type { AuthLinkStatus } from "../wire/auth.ts";

/**
 * The reverse device link (device-authorization style) as the reference's account service speaks it: the device
 * asks for a link request, shows the user code, and polls until the user approves it in their account; the
 * approval carries a claim token redeemed as `settings.auth.claim` does. Facts and shapes only. Pure.
 */

/** The account service when neither the call nor the config names one. */
export const DEFAULT_LINK_BASE_URL = "https://api.zaparoo.com";
export const LINK_CREATE_PATH = "/v1/device-link-requests";
export const LINK_POLL_PATH = "/v1/device-link-requests/poll";
/** Poll interval when the service names none. */
export const DEFAULT_LINK_INTERVAL_MS = 5_000;
/** Lifetime of a link request when the service names no expiry. */
export const DEFAULT_LINK_TTL_MS = 10 * 60_000;

export const LINK_EXPIRED = "link request expired, start over to link this device";
export const LINK_STOPPED = "device linking stopped, start over to link this device";
export const LINK_FAILED = "linking failed, start over to link this device";

/** The create answer (snake_case, as the service sends it). */
export const LinkCreated = type({
  device_code: "string > 0",
  user_code: "string > 0",
  "verification_url?": "string",
  "verification_url_complete?": "string",
  "expires_at?": "string",
  "interval?": "number",
});
export type LinkCreated = typeof LinkCreated.infer;

/** A poll answer: `pending` until the user approves; `approved` then carries the claim URL and token. */
export const LinkPolled = type({ status: "string", "token?": "string", "claim_url?": "string", "interval?": "number" });
export type LinkPolled = typeof LinkPolled.infer;

/** The poll interval in ms a create answer asks for (whole seconds; the default when absent or not positive). */
export function linkInterval(created: Pick<LinkCreated, "interval">): number {
  const s = created.interval;
  return s !== undefined && Number.isFinite(s) && s > 0 ? Math.round(s * 1000) : DEFAULT_LINK_INTERVAL_MS;
}

/** When the request expires (ms): the service's `expires_at`, or the default lifetime from `now`. */
export function linkExpiry(created: Pick<LinkCreated, "expires_at">, now: number): number {
  const at = created.expires_at ? Date.parse(created.expires_at) : Number.NaN;
  return Number.isFinite(at) ? at : now + DEFAULT_LINK_TTL_MS;
}

/** What a status without the user code and the verification URLs keeps (notifications, unpaired callers). */
export function redactLinkStatus(s: AuthLinkStatus): AuthLinkStatus {
  const { userCode: _c, verificationUrl: _u, verificationUrlComplete: _v, ...rest } = s;
  return rest;
}
