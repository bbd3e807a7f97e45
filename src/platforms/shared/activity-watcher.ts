import { log } from "../../log.ts";
import { type MediaTracker, type PlatformActivity, PlatformRunning } from "./activity.ts";

const logger = log.withTag("platform");

export interface WatcherDeps {
  activity: PlatformActivity;
  tracker: MediaTracker;
  intervalMs: () => number;
  now?: () => number;
}

/**
 * Keeps `media.active` in step with what a platform reports. Media launched through the platform is handed
 * out by `launched()` and ends once the platform, having reported it, reports something else or nothing (or
 * never reports it within the activity's start window). Media the platform runs that we did not launch
 * (picked in the front end's own menu) becomes active media too, so `media.started`/`media.stopped` and
 * `stop` cover it.
 */
export class ActivityWatcher {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running = false;
  private ticking: Promise<void> | null = null;
  private mine: PlatformRunning | null = null;
  private failing = false;
  /** Launches through the platform under way: what the platform reports meanwhile is theirs, not external. */
  private inFlight = 0;

  constructor(private readonly deps: WatcherDeps) {}

  get activity(): PlatformActivity {
    return this.deps.activity;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.ticking;
  }

  /**
   * Runs a launch's platform step (its restart, its API call): what the platform reports while it runs is the
   * game being launched, so it is not taken for media started outside us.
   */
  async launching<T>(step: () => Promise<T>): Promise<T> {
    this.inFlight++;
    try {
      return await step();
    } finally {
      this.inFlight--;
    }
  }

  /** A launch through this platform succeeded: the media to hand the tracker. */
  launched(key: string): PlatformRunning {
    const r = new PlatformRunning(this.deps.activity, key, { now: this.now() });
    this.mine = r;
    return r;
  }

  /** One poll and reconciliation; public so the pipeline (and tests) can ask for a fresh look. */
  tick(): Promise<void> {
    if (!this.ticking) {
      this.ticking = this.reconcile().finally(() => {
        this.ticking = null;
      });
    }
    return this.ticking;
  }

  private schedule(ms: number): void {
    if (!this.running) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.tick().finally(() => this.schedule(this.deps.intervalMs()));
    }, ms);
  }

  private now(): number {
    return (this.deps.now ?? Date.now)();
  }

  private async reconcile(): Promise<void> {
    const { activity, tracker } = this.deps;
    let report;
    try {
      report = await activity.poll();
      if (this.failing) logger.info(`${activity.id}: answering again`);
      this.failing = false;
    } catch (err) {
      if (!this.failing) logger.warn(`${activity.id}: cannot tell what is running: ${(err as Error).message}`);
      this.failing = true;
      return;
    }
    // handed out by launched() and maybe not yet begun by the tracker: still ours within its start window
    const fresh = this.mine !== null && !this.mine.seen && this.now() - this.mine.since < activity.startWindowMs;
    const mine = this.mine && (fresh || tracker.isCurrent(this.mine)) ? this.mine : null;
    const young = mine !== null && !mine.seen && this.now() - mine.since < activity.startWindowMs;
    if (report) {
      if (mine?.matches(report)) {
        mine.seen = true;
        return;
      }
      if (young || this.inFlight > 0) return; // the platform has not caught up with our launch yet
      const key = report.keys[0] ?? report.media.mediaPath;
      const external = new PlatformRunning(activity, key, { seen: true, now: this.now() });
      this.mine = external;
      logger.info(`${activity.id} reports ${report.media.mediaName || report.media.mediaPath} running`);
      tracker.begin({ ...report.media, zapScript: "" }, external);
      return;
    }
    if (mine && !young) {
      if (!mine.seen) logger.warn(`${activity.id} never reported ${mine.key} running; counting it as ended`);
      mine.ended();
    }
  }
}
