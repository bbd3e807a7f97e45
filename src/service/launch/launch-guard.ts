import type { Clock } from "../../core/clock.ts";
import { DomainError } from "../../core/errors.ts";
import { disruptsMedia, effectiveDelay, effectiveTimeout, type LaunchGuardSettings } from "../../core/launch-guard/rules.ts";
import { type ScannedToken, tokenView } from "../../core/token.ts";
import type { TraceBuilder } from "../../core/trace/builder.ts";
import type { ScanTrace } from "../../core/wire/trace.ts";
import { log } from "../../log.ts";
import type { UiResult } from "../../core/ui-events/board.ts";
import type { UiOutcome } from "../../core/wire/ui.ts";
import type { ServiceEvents } from "../events.ts";
import { sameToken } from "../readers/token-state.ts";
import type { UiEventsService, UiHandle } from "../ui-events/ui-events-service.ts";

const logger = log.withTag("launch");

export interface LaunchGuardDeps {
  settings: () => LaunchGuardSettings;
  /** True while media runs. */
  mediaActive: () => boolean;
  events: ServiceEvents;
  timers: Pick<Clock, "set" | "clear">;
  /** Hands a confirmed token (its script already mapped) to the launch queue. */
  launch: (token: ScannedToken) => void;
  /** Sound cues: a token was staged / its delay ran out and a re-tap now confirms it. */
  cue?: (what: "staged" | "ready") => void;
  /** The UI event service: a staged token is its "Change game?" confirmation, whose expiry is the guard's timeout. */
  ui: Pick<UiEventsService, "open">;
}

/** The latest scan the guard held, while no scan after it launched: what `tapserve why` explains. */
interface HeldScan {
  scanned: ScannedToken;
  trace: TraceBuilder | undefined;
  /** What became of it, in words: waiting, or dropped and why. */
  status: string;
}

/** A held scan's status while it waits. */
export const HELD_WAITING = "held by the launch guard: waiting for confirmation";

interface Staged {
  /** The token as scanned (what a re-tap is compared with and what notifications show). */
  scanned: ScannedToken;
  /** The token as it will launch (mappings applied). */
  mapped: ScannedToken;
  ready: boolean;
  delay: unknown;
  /** Its "Change game?" UI event: answered there as by `confirm`; its expiry drops the token. */
  prompt: UiHandle | null;
}

/**
 * The launch guard (`readers.scan.launch_guard`): while media runs, a scanned token whose script would replace or
 * stop it is staged instead of launched (`tokens.staged`). It launches when the same token is scanned again after
 * the delay (`tokens.staged.ready` marks that moment; a re-tap during the delay restarts both timers) or when a
 * client calls `confirm`; it is dropped when the timeout runs out, when another token is staged, or when the media
 * stops. Only reader scans are guarded: API and HTTP launches are explicit already. Each staged token is also a
 * "Change game?" confirm UI event (as the reference): `ui.respond` confirm launches it as `confirm` does, dismiss
 * drops it, its expiry is the timeout, a newer staged token supersedes it; launching or dropping it otherwise
 * resolves the event (confirmed, cancelled).
 */
export class LaunchGuard {
  private staged: Staged | null = null;
  private held: HeldScan | null = null;
  private readonly unsubscribe: () => void;

  constructor(private readonly deps: LaunchGuardDeps) {
    this.unsubscribe = deps.events.subscribe((name, p) => {
      if (name === "media.stopped" && this.staged && (p as { slot?: string }).slot !== "background") {
        logger.info("launch guard: media stopped; the staged token is dropped");
        this.drop("the media stopped");
      }
    });
  }

  /**
   * Decides about a token on its way to the queue: true when the guard took it (staged, or a re-tap that
   * confirmed or restarted a staged one), false when it goes on as usual. `trace` is the scan's trace: a held
   * scan's is marked held and kept for `heldScan` until the scan launches or another scan is held.
   */
  intercept(scanned: ScannedToken, mapped: ScannedToken, trace?: TraceBuilder): boolean {
    if (this.staged && !this.deps.mediaActive()) this.drop("the media stopped");
    const decision = this.decide(scanned, mapped);
    if (decision === "pass") return false;
    const settings = this.deps.settings();
    const staged = this.staged;
    if (decision === "confirm") {
      logger.info("launch guard: re-tap confirmed the staged token");
      this.release();
      return true;
    }
    trace?.held();
    if (decision === "restart" && staged) {
      logger.info("launch guard: re-tap during the delay; the timers start again");
      this.held = { scanned, trace, status: `${HELD_WAITING} (tapped again before the delay ran out: the delay starts again)` };
      this.arm(staged, settings);
      return true;
    }
    this.clear(); // its UI event stays open: the new one supersedes it
    const next: Staged = { scanned, mapped, ready: false, delay: null, prompt: null };
    this.staged = next;
    this.held = { scanned, trace, status: HELD_WAITING };
    logger.info("launch guard: media is running; the token is staged until it is confirmed");
    this.arm(next, settings);
    this.deps.events.publish("tokens.staged", tokenView(scanned));
    this.deps.cue?.("staged");
    const timeout = effectiveTimeout(settings);
    try {
      next.prompt = this.deps.ui.open(
        { kind: "confirm", title: "Change game?", message: scanned.text || scanned.uid, dismissible: true, ...(timeout !== null ? { timeoutMs: timeout * 1000 } : {}) },
        (result) => this.answered(next, result, timeout),
      );
    } catch (err) {
      logger.warn("launch guard: its UI event could not open (shutting down?); the token is dropped:", err);
      this.drop("the service is stopping");
    }
    return true;
  }

  /**
   * What `intercept` would do with this token now, without doing it (a dry run asked as a reader scan): true when
   * the scan would be held (staged, or a re-tap during the delay), false when it would launch.
   */
  wouldHold(scanned: ScannedToken, mapped: ScannedToken): boolean {
    const decision = this.decide(scanned, mapped);
    return decision === "stage" || decision === "restart";
  }

  /** The latest scan the guard held, unless it launched since: its trace, ending in what became of it. */
  heldScan(): { scanTime: string; status: string; trace?: ScanTrace } | undefined {
    const h = this.held;
    if (!h) return undefined;
    const trace = h.trace?.finish(false);
    return { scanTime: h.scanned.scanTime, status: h.status, ...(trace ? { trace: { ...trace, error: h.status } } : {}) };
  }

  /** `confirm`: launches the staged token now (the delay does not apply). */
  confirm(): void {
    if (!this.staged || !this.deps.mediaActive()) {
      if (this.staged) this.drop("the media stopped");
      throw new DomainError("not-found", "no staged token to confirm");
    }
    logger.info("launch guard: confirmed through the API");
    this.release();
  }

  /** The staged token, if one waits. */
  current(): ScannedToken | undefined {
    return this.staged?.scanned;
  }

  stop(): void {
    this.unsubscribe();
    this.clear();
  }

  /** The guard's rule for a token (no effect): pass it on, confirm the staged one (a re-tap), restart its timers, or stage it. */
  private decide(scanned: ScannedToken, mapped: ScannedToken): "pass" | "confirm" | "restart" | "stage" {
    const settings = this.deps.settings();
    if (scanned.source !== "reader" || !settings.enabled) return "pass";
    const active = this.deps.mediaActive();
    const staged = active ? this.staged : null; // a token staged for media that has stopped is dropped
    if (staged && !settings.require_confirm && sameToken(staged.scanned, scanned)) return staged.ready ? "confirm" : "restart";
    return active && disruptsMedia(mapped.text) ? "stage" : "pass";
  }

  private release(): void {
    const staged = this.staged;
    this.clear();
    this.held = null; // it launches: its history entry explains it from now on
    if (!staged) return;
    staged.prompt?.complete("confirmed");
    this.deps.launch(staged.mapped);
  }

  /** Drops the staged token (its UI event, if still open, resolves as `outcome`); its held scan says why. */
  private drop(why: string, outcome: UiOutcome = "cancelled"): void {
    if (this.staged && this.held) this.held.status = `held by the launch guard, then dropped: ${why}`;
    const staged = this.staged;
    this.clear();
    staged?.prompt?.complete(outcome);
  }

  /** How the staged token's UI event ended when the guard did not end it: confirmed there, dismissed, expired, superseded. */
  private answered(staged: Staged, result: UiResult, timeout: number | null): void {
    if (this.staged !== staged) return;
    if (result.outcome === "confirmed") {
      if (!this.deps.mediaActive()) return this.drop("the media stopped");
      logger.info("launch guard: confirmed through its UI event");
      return this.release();
    }
    if (result.outcome === "timed_out") {
      logger.info("launch guard: the staged token was not confirmed in time; dropped");
      return this.drop(`not confirmed within ${timeout} s`);
    }
    logger.info(`launch guard: the staged token's UI event was ${result.outcome}; dropped`);
    this.drop(result.outcome === "dismissed" ? "dismissed" : `its UI event was ${result.outcome.replace("_", " ")}`);
  }

  /** (Re)starts the delay of a staged token, and the timeout (its UI event's expiry) when it is restarted. */
  private arm(staged: Staged, settings: LaunchGuardSettings): void {
    this.cancelTimers(staged);
    if (staged.prompt) {
      const timeout = effectiveTimeout(settings);
      staged.prompt.update({ timeoutMs: timeout === null ? null : timeout * 1000 });
    }
    const delay = effectiveDelay(settings);
    if (delay <= 0) {
      staged.ready = true;
      return;
    }
    staged.ready = false;
    staged.delay = this.deps.timers.set(() => {
      if (this.staged !== staged) return;
      staged.ready = true;
      staged.delay = null;
      this.deps.events.publish("tokens.staged.ready", tokenView(staged.scanned));
      this.deps.cue?.("ready");
    }, delay * 1000);
  }

  private cancelTimers(staged: Staged): void {
    if (staged.delay !== null) this.deps.timers.clear(staged.delay);
    staged.delay = null;
  }

  private clear(): void {
    if (this.staged) this.cancelTimers(this.staged);
    this.staged = null;
  }
}
