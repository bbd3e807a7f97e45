import { DEFAULT_WARNINGS_MS, type Limits } from "./budget.ts";
import { parseDuration } from "./duration.ts";

/** The global limits as the config holds them (duration text; "" = none). */
export interface GlobalLimitsText {
  enabled: boolean;
  daily: string;
  session: string;
  warnings: readonly string[];
}

/** A profile's overrides: absent (null/undefined) fields inherit the global value. */
export interface ProfileLimitsText {
  limitsEnabled?: boolean | null;
  dailyLimit?: string | null;
  sessionLimit?: string | null;
}

const ms = (text: string | null | undefined): number => {
  const v = text ? parseDuration(text) : 0;
  return v !== null && v > 0 ? v : 0;
};

/** The limits in force: the global config, with the profile's overrides on top when a profile applies. */
export function resolveLimits(global: GlobalLimitsText, profile: ProfileLimitsText | null): Limits {
  const warnings = global.warnings.map((w) => ms(w)).filter((w) => w > 0);
  return {
    enabled: profile?.limitsEnabled ?? global.enabled,
    dailyMs: ms(profile?.dailyLimit ?? global.daily),
    sessionMs: ms(profile?.sessionLimit ?? global.session),
    warningsMs: warnings.length ? warnings : DEFAULT_WARNINGS_MS,
  };
}
