import type { ConfigStore } from "../../config/store.ts";
import type { Clock } from "../../core/clock.ts";
import { DomainError } from "../../core/errors.ts";
import { budget, crossedWarnings, dayStart, type LimitReason, type Limits, launchRefusal, msUntilNextEvent, overlapMs, sessionFromHistory } from "../../core/playtime/budget.ts";
import { formatDuration, parseDuration } from "../../core/playtime/duration.ts";
import { resolveLimits } from "../../core/playtime/limits.ts";
import { rfc3339 } from "../../core/token.ts";
import type { PlaytimeStatus } from "../../core/wire/playtime.ts";
import { log } from "../../log.ts";
import type { SqlDatabase } from "../../runtime/types.ts";
import type { ServiceEvents } from "../events.ts";
import type { Lifecycle } from "../lifecycle.ts";
import type { ProfilesService } from "../profiles/profiles-service.ts";
import { UsageRepository } from "./usage-repo.ts";

const logger = log.withTag("playtime");

/** Longest time between two checks of a running game (its stored end moves forward each time). */
export const BEAT_MS = 30_000;
const DAY_MS = 86_400_000;

export interface PlaytimeDeps {
  db: SqlDatabase;
  events: ServiceEvents;
  config: ConfigStore;
  clock: Clock;
  profiles: ProfilesService;
  /** Stops the running media (the launch service's stop). */
  stopMedia(): Promise<void>;
}

interface Game {
  row: number;
  startedAt: number;
  /** The profile that launched it: its limits keep governing if the device leaves the profile mid-game. */
  profileId: string;
  warned: Set<number>;
  reached: boolean;
}

/**
 * Parental controls: accrues play while media runs (stored per game, see usage-repo.ts), enforces the daily and
 * session budgets of the active profile (else the global config), warns at the configured intervals before a
 * limit, stops the media when one is used up and refuses launches (`gate`) until the budget resets. A session
 * spans games whose gaps are shorter than `session_reset`; it is rebuilt from storage after a restart.
 */
export class PlaytimeService implements Lifecycle {
  readonly name = "playtime";
  private readonly usage: UsageRepository;
  private readonly reachedListeners = new Set<(reason: LimitReason) => void>();
  private cumulativeMs = 0;
  private lastStop: number | null = null;
  private game: Game | null = null;
  private timer: unknown = null;
  /** The last active profile seen, to tell a different person from a re-scan or an edit of the same one. */
  private lastProfileId = "";
  private unsubscribe: Array<() => void> = [];

  constructor(private readonly deps: PlaytimeDeps) {
    this.usage = new UsageRepository(deps.db);
  }

  start(): void {
    const now = this.now();
    const hanging = this.usage.closeHanging();
    if (hanging) logger.info(`${hanging} game(s) left running by the last stop were closed at their last beat`);
    const days = this.deps.config.current.playtime.retention;
    if (days > 0) this.usage.prune(now - days * DAY_MS);
    const restored = sessionFromHistory(this.usage.latest(100), now, this.resetGapMs());
    if (restored) {
      this.cumulativeMs = restored.cumulativeMs;
      this.lastStop = restored.lastEnd;
      logger.info(`session restored: ${formatDuration(restored.cumulativeMs)} played`);
    }
    this.lastProfileId = this.deps.profiles.current()?.profileId ?? "";
    this.unsubscribe.push(
      this.deps.events.subscribe((name, params) => {
        if ((params as { slot?: string } | undefined)?.slot === "background") return; // music beside a game is no play
        if (name === "media.started") this.mediaStarted(params as { systemId: string; mediaName: string });
        else if (name === "media.stopped") this.mediaStopped();
      }),
      this.deps.profiles.onActiveChanged((p) => this.profileChanged(p?.profileId ?? null)),
      this.deps.config.onChange(() => this.check()),
    );
  }

  stop(): void {
    for (const u of this.unsubscribe.splice(0)) u();
    this.cancelTimer();
    if (this.game) this.usage.beat(this.game.row, this.now());
  }

  /** Told when a running game is stopped because a limit was used up (the inbox hooks here). */
  onLimitReached(fn: (reason: LimitReason) => void): () => void {
    this.reachedListeners.add(fn);
    return () => this.reachedListeners.delete(fn);
  }

  /**
   * The launch gate: throws (forbidden, `data.reason`) while a limit refuses new media. `quiet` (a dry run):
   * throws the same, without the log line and the `playtime.limit.reached` notification.
   */
  gate(quiet = false): void {
    const limits = this.limits();
    if (!limits.enabled) return;
    const reason = launchRefusal(limits, this.sessionUsedMs(), this.dailyUsedMs());
    if (!reason) return;
    if (!quiet) {
      logger.warn(`launch refused: ${reason} playtime limit reached`);
      this.deps.events.publish("playtime.limit.reached", { reason });
    }
    const resume = reason === "session" && this.resetGapMs() > 0 ? `; launches work again ${formatDuration(this.cooldownLeftMs() ?? 0)} after the last game` : "";
    throw new DomainError("forbidden", `${reason} playtime limit reached${resume}`, { reason });
  }

  status(): PlaytimeStatus {
    const limits = this.limits();
    const state = this.state();
    const out: PlaytimeStatus = { state, sessionActive: state === "active", limitsEnabled: limits.enabled };
    const b = budget(limits, this.sessionUsedMs(), this.dailyUsedMs());
    if (state !== "reset") {
      if (this.game) out.sessionStarted = rfc3339(new Date(this.game.startedAt));
      out.sessionDuration = formatDuration(this.sessionUsedMs());
      out.sessionCumulativeTime = formatDuration(this.cumulativeMs);
      if (b.sessionRemainingMs !== null) out.sessionRemaining = formatDuration(b.sessionRemainingMs);
    }
    const cooldown = state === "cooldown" ? this.cooldownLeftMs() : null;
    if (cooldown !== null) out.cooldownRemaining = formatDuration(cooldown);
    if (b.dailyRemainingMs !== null) {
      out.dailyUsageToday = formatDuration(this.dailyUsedMs());
      out.dailyRemaining = formatDuration(b.dailyRemainingMs);
    }
    return out;
  }

  private state(): PlaytimeStatus["state"] {
    if (this.game) return "active";
    if (this.lastStop === null) return "reset";
    if (this.cooldownLeftMs() === 0) {
      this.cumulativeMs = 0;
      this.lastStop = null;
      return "reset";
    }
    return "cooldown";
  }

  /** Time left before an idle session resets; null when it never resets by itself. */
  private cooldownLeftMs(): number | null {
    const gap = this.resetGapMs();
    if (gap === 0 || this.lastStop === null) return null;
    return Math.max(0, gap - (this.now() - this.lastStop));
  }

  private mediaStarted(media: { systemId: string; mediaName: string }): void {
    if (this.game) this.mediaStopped();
    if (this.state() === "reset") this.cumulativeMs = 0;
    const now = this.now();
    const profileId = this.deps.profiles.current()?.profileId ?? "";
    this.game = { row: this.usage.open(profileId, now, media.systemId, media.mediaName), startedAt: now, profileId, warned: new Set(), reached: false };
    this.check();
  }

  private mediaStopped(): void {
    const game = this.game;
    if (!game) return;
    this.cancelTimer();
    const now = this.now();
    this.usage.close(game.row, now);
    this.cumulativeMs += Math.max(0, now - game.startedAt);
    this.lastStop = now;
    this.game = null;
  }

  /** Another person now plays: the session starts over (leaving a profile does not, so it cannot escape limits). */
  private profileChanged(profileId: string | null): void {
    const changed = profileId !== null && profileId !== this.lastProfileId;
    if (profileId !== null) this.lastProfileId = profileId;
    if (!changed) return this.check();
    const game = this.game;
    this.cumulativeMs = 0;
    this.lastStop = null;
    if (game) {
      const now = this.now();
      this.usage.close(game.row, now);
      this.game = { ...game, row: this.usage.open(profileId, now, "", ""), startedAt: now, profileId, warned: new Set() };
      this.check();
    }
  }

  /** Beats the running game, announces a due warning, stops the game at its limit, plans the next check. */
  private check(): void {
    this.cancelTimer();
    const game = this.game;
    if (!game || game.reached) return;
    this.usage.beat(game.row, this.now());
    const limits = this.limits();
    const b = budget(limits, this.sessionUsedMs(), this.dailyUsedMs());
    if (b.reached) return this.reach(game, b.reached);
    let next = BEAT_MS;
    if (b.remainingMs !== null) {
      const crossed = crossedWarnings(b.remainingMs, limits.warningsMs, game.warned);
      const announce = crossed[crossed.length - 1];
      for (const c of crossed) game.warned.add(c);
      if (announce !== undefined) {
        logger.info(`warning: ${formatDuration(b.remainingMs)} of play left`);
        this.deps.events.publish("playtime.limit.warning", { interval: formatDuration(announce), remaining: formatDuration(b.remainingMs) });
      }
      next = Math.min(next, msUntilNextEvent(b.remainingMs, limits.warningsMs, game.warned));
    }
    this.timer = this.deps.clock.set(() => {
      this.timer = null;
      this.check();
    }, next);
  }

  private reach(game: Game, reason: LimitReason): void {
    game.reached = true;
    logger.warn(`${reason} playtime limit reached; stopping the running media`);
    this.deps.events.publish("playtime.limit.reached", { reason });
    for (const l of this.reachedListeners) {
      try {
        l(reason);
      } catch (err) {
        logger.warn("a limit-reached listener failed:", err);
      }
    }
    this.deps.stopMedia().catch((err) => logger.error("stopping media at the playtime limit failed:", err));
  }

  private limits(): Limits {
    const profiles = this.deps.profiles;
    const profile = profiles.current() ?? (this.game?.profileId ? (profiles.get(this.game.profileId) ?? null) : null);
    return resolveLimits(this.deps.config.current.playtime.limits, profile);
  }

  /** Whose play counts toward today: the governing profile's, or everyone's on the shared profile. */
  private scope(): string | null {
    return this.deps.profiles.current()?.profileId || this.game?.profileId || null;
  }

  private sessionUsedMs(): number {
    const state = this.state();
    if (state === "reset") return 0;
    return this.cumulativeMs + (this.game ? Math.max(0, this.now() - this.game.startedAt) : 0);
  }

  private dailyUsedMs(): number {
    const now = this.now();
    const from = dayStart(now);
    const scope = this.scope();
    let used = overlapMs(this.usage.closedSince(from, scope), from, now);
    if (this.game && (scope === null || scope === this.game.profileId)) used += overlapMs([{ start: this.game.startedAt, end: now }], from, now);
    return used;
  }

  private resetGapMs(): number {
    return Math.max(0, parseDuration(this.deps.config.current.playtime.limits.session_reset || "0") ?? 0);
  }

  private cancelTimer(): void {
    if (this.timer !== null) this.deps.clock.clear(this.timer);
    this.timer = null;
  }

  private now(): number {
    return this.deps.clock.now();
  }
}
