import { type } from "../lazy-arktype.ts";
import { isDuration } from "../playtime/duration.ts";

/**
 * Profiles on the wire: `profiles`, `profiles.new/.update/.delete/.active/.switch/.verify` and the
 * `profiles.active` / `profiles.data` notifications. Times are Unix seconds; limit durations are Go duration
 * text ("1h30m"; "0" = explicitly unlimited); an absent limit field inherits the global playtime config.
 */

export const ProfileRole = type("'admin' | 'member'");
export type ProfileRole = typeof ProfileRole.infer;

const Pin = type("string").narrow((s, ctx) => /^\d{4,8}$/.test(s) || ctx.mustBe("4 to 8 digits"));
const LimitDuration = type("string").narrow((s, ctx) => s === "" || isDuration(s) || ctx.mustBe('a duration such as "1h30m" (not negative)'));
const Name = type("string").narrow((s, ctx) => (s.trim().length >= 1 && s.length <= 255) || ctx.mustBe("1 to 255 characters"));

export const Profile = type({
  profileId: "string",
  name: "string",
  role: ProfileRole,
  /** The bearer credential written on a profile card (`**profile:<switchId>`); only for admin callers. */
  "switchId?": "string",
  hasPin: "boolean",
  "limitsEnabled?": "boolean",
  "dailyLimit?": "string",
  "sessionLimit?": "string",
  "lastUsedAt?": "number.integer",
  createdAt: "number.integer",
  lastUpdatedAt: "number.integer",
});
export type Profile = typeof Profile.infer;

export const ProfilesResult = type({ profiles: Profile.array() });

export const ActiveProfile = type({
  profileId: "string",
  name: "string",
  role: ProfileRole,
  hasPin: "boolean",
  "limitsEnabled?": "boolean",
  "dailyLimit?": "string",
  "sessionLimit?": "string",
});
export type ActiveProfile = typeof ActiveProfile.infer;

export const NewProfileParams = type({
  "+": "delete",
  name: Name,
  "role?": ProfileRole,
  "pin?": Pin,
  "limitsEnabled?": "boolean",
  "dailyLimit?": LimitDuration,
  "sessionLimit?": LimitDuration,
});
export type NewProfileParams = typeof NewProfileParams.infer;

export const UpdateProfileParams = type({
  "+": "delete",
  profileId: "string > 0",
  "name?": Name,
  "role?": ProfileRole,
  "pin?": Pin,
  "clearPin?": "boolean",
  "limitsEnabled?": "boolean",
  "dailyLimit?": LimitDuration,
  "sessionLimit?": LimitDuration,
  "clearLimits?": "boolean",
  "regenerateSwitchId?": "boolean",
});
export type UpdateProfileParams = typeof UpdateProfileParams.infer;

export const DeleteProfileParams = type({ "+": "delete", profileId: "string > 0" });

/** Both absent (or null): back to the shared profile (no profile), which needs no PIN. */
export const SwitchProfileParams = type({
  "+": "delete",
  "profileId?": "string | null",
  "switchId?": "string | null",
  "pin?": "string | null",
}).or("null");
export type SwitchProfileParams = typeof SwitchProfileParams.infer;

export const VerifyProfileParams = type({
  "+": "delete",
  "profileId?": "string | null",
  "switchId?": "string | null",
  "pin?": "string | null",
});

export const VerifiedProfile = type({ profileId: "string", name: "string", role: ProfileRole, hasPin: "boolean" });

export const ProfilesActiveEvent = type({ profile: ActiveProfile.or("null") });
export type ProfilesActiveEvent = typeof ProfilesActiveEvent.infer;

/** State of swapping a profile's saved data (save files …) after a switch, where a platform does that. */
export const ProfilesDataEvent = type({ profileId: "string", status: "'applied' | 'deferred' | 'failed' | 'unavailable'", "reason?": "string" });
