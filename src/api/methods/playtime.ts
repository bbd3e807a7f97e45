import { type } from "../../core/lazy-arktype.ts";
import type { ConfigStore } from "../../config/store.ts";
import { DEFAULT_WARNINGS_MS } from "../../core/playtime/budget.ts";
import { formatDuration, parseDuration } from "../../core/playtime/duration.ts";
import { PlaytimeLimits, PlaytimeLimitsPatch, PlaytimeStatus } from "../../core/wire/playtime.ts";
import type { PlaytimeService } from "../../service/playtime/playtime-service.ts";
import { defineMethod } from "../rpc/method.ts";
import { requireAdmin } from "./admin.ts";

const positive = (text: string) => {
  const ms = parseDuration(text) ?? 0;
  return ms > 0 ? formatDuration(ms) : undefined;
};

/** The global limits as the reference reports them (durations normalised, absent when unset). */
function limitsView(config: ConfigStore): PlaytimeLimits {
  const { playtime } = config.current;
  const l = playtime.limits;
  const out: PlaytimeLimits = { enabled: l.enabled, warnings: (l.warnings.length ? l.warnings.map((w) => parseDuration(w) ?? 0) : DEFAULT_WARNINGS_MS).filter((w) => w > 0).map(formatDuration) };
  const daily = positive(l.daily);
  const session = positive(l.session);
  if (daily) out.daily = daily;
  if (session) out.session = session;
  out.sessionReset = formatDuration(parseDuration(l.session_reset) ?? 0);
  if (playtime.retention > 0) out.retention = playtime.retention;
  return out;
}

/** `playtime` and `settings.playtime.limits(.update)`: parental controls. */
export function playtimeMethods(deps: { playtime: PlaytimeService; config: ConfigStore }) {
  return [
    defineMethod({
      name: "playtime",
      summary: "The play session now (reset, active, cooldown), time played and left for the session and today.",
      params: null,
      result: PlaytimeStatus,
      handler: () => deps.playtime.status(),
    }),
    defineMethod({
      name: "settings.playtime.limits",
      summary: "The global playtime limits (a profile's own limits override them while it is active).",
      params: null,
      result: PlaytimeLimits,
      handler: () => limitsView(deps.config),
    }),
    defineMethod({
      name: "settings.playtime.limits.update",
      summary: "Changes the given global playtime limits (admin), in memory and in the config file; all or nothing.",
      params: PlaytimeLimitsPatch,
      result: type("null"),
      example: { enabled: true, daily: "2h", session: "45m", sessionReset: "20m", warnings: ["10m", "5m", "1m"] },
      handler: (p, caller) => {
        requireAdmin(caller, "settings.playtime.limits.update");
        deps.config.update((draft) => {
          const l = draft.playtime.limits;
          if (p.enabled !== undefined) l.enabled = p.enabled;
          if (p.daily !== undefined) l.daily = p.daily;
          if (p.session !== undefined) l.session = p.session;
          if (p.sessionReset !== undefined) l.session_reset = p.sessionReset;
          if (p.warnings !== undefined) l.warnings = p.warnings;
          if (p.retention !== undefined) draft.playtime.retention = p.retention;
        });
        return null;
      },
    }),
  ];
}
