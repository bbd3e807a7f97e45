import { type } from "../lazy-arktype.ts";
import { isDuration } from "../playtime/duration.ts";

/**
 * Playtime limits on the wire: `playtime`, `settings.playtime.limits(.update)` and the `playtime.limit.*`
 * notifications. Durations are Go duration text ("1h30m0s").
 */

const Duration = type("string").narrow((s, ctx) => isDuration(s) || ctx.mustBe('a duration such as "45m" or "1h30m" (not negative)'));

export const PlaytimeStatus = type({
  state: "'reset' | 'active' | 'cooldown'",
  sessionActive: "boolean",
  "sessionStarted?": "string",
  "sessionDuration?": "string",
  "sessionCumulativeTime?": "string",
  "sessionRemaining?": "string",
  "cooldownRemaining?": "string",
  "dailyUsageToday?": "string",
  "dailyRemaining?": "string",
  limitsEnabled: "boolean",
});
export type PlaytimeStatus = typeof PlaytimeStatus.infer;

export const PlaytimeLimits = type({
  enabled: "boolean",
  "daily?": "string",
  "session?": "string",
  "sessionReset?": "string",
  warnings: "string[]",
  "retention?": "number.integer",
});
export type PlaytimeLimits = typeof PlaytimeLimits.infer;

export const PlaytimeLimitsPatch = type({
  "+": "delete",
  "enabled?": "boolean",
  /** "" or "0": no daily limit. */
  "daily?": Duration.or("''"),
  "session?": Duration.or("''"),
  /** Idle time after which the next game starts a new session; "0": never. */
  "sessionReset?": Duration,
  /** [] restores the defaults (5m, 2m, 1m). */
  "warnings?": Duration.array(),
  /** Days of play history kept; 0 keeps everything. */
  "retention?": "0 <= number.integer <= 36500",
});
export type PlaytimeLimitsPatch = typeof PlaytimeLimitsPatch.infer;

export const PlaytimeLimitWarning = type({ interval: "string", remaining: "string" });
export const PlaytimeLimitReached = type({ reason: "'daily' | 'session'" });
export type PlaytimeLimitReached = typeof PlaytimeLimitReached.infer;
