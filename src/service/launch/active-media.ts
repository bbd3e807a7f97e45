import type { ActiveMedia, ActiveMediaSource } from "../../core/media-types.ts";
import { rfc3339 } from "../../core/token.ts";
import { log } from "../../log.ts";
import type { ServiceEvents } from "../events.ts";
import type { RunningMedia } from "../../platforms/shared/launcher.ts";

const logger = log.withTag("launch");

interface Current {
  info: ActiveMedia;
  running: RunningMedia;
  startedAt: number;
}

/**
 * The one piece of media running now. Announces `media.started` when a launch succeeds and `media.stopped`
 * (with `launcherId` and `elapsed` seconds) when it ends: its process exited, it was stopped, or other media
 * replaced it.
 */
export class ActiveMediaTracker implements ActiveMediaSource {
  private cur: Current | null = null;

  constructor(
    private readonly events: ServiceEvents,
    private readonly now: () => Date = () => new Date(),
  ) {}

  current(): ActiveMedia | null {
    return this.cur ? { ...this.cur.info } : null;
  }

  /** True while `running` is the media that runs now (platform watchers use it to follow their launches). */
  isCurrent(running: RunningMedia): boolean {
    return this.cur?.running === running;
  }

  /** Before a new launch: stops what runs unless the next launch replaces it by itself. */
  async prepareForLaunch(): Promise<void> {
    const cur = this.cur;
    if (!cur) return;
    if (cur.running.replacedByNextLaunch) this.end(cur);
    else await this.stop();
  }

  begin(info: Omit<ActiveMedia, "started">, running: RunningMedia): void {
    const startedAt = this.now();
    const entry: Current = { info: { ...info, started: rfc3339(startedAt) }, running, startedAt: startedAt.getTime() };
    if (this.cur) this.end(this.cur);
    this.cur = entry;
    this.events.publish("media.started", {
      systemId: info.systemId,
      systemName: info.systemName,
      mediaPath: info.mediaPath,
      mediaName: info.mediaName,
      slot: "primary",
    });
    running.exited?.then(() => this.end(entry));
  }

  /**
   * Media reported from outside (`media.active.update`: a script says what plays). Nothing of ours runs it, so
   * stopping it only forgets it; it replaces what ran before without stopping that.
   */
  reportExternal(info: Omit<ActiveMedia, "started">): void {
    this.begin(info, { stop: async () => undefined });
  }

  /** Forgets the active media without stopping it (`media.active.update` without params); media.stopped follows. */
  clear(): void {
    if (this.cur) this.end(this.cur);
  }

  /** Stops the running media, if any, and waits until it has ended. */
  async stop(): Promise<void> {
    const cur = this.cur;
    if (!cur) return;
    try {
      await cur.running.stop();
    } catch (err) {
      logger.warn(`stopping ${cur.info.mediaName} failed:`, err);
    }
    this.end(cur);
  }

  private end(entry: Current): void {
    if (this.cur !== entry) return;
    this.cur = null;
    const elapsed = Math.max(0, Math.round((this.now().getTime() - entry.startedAt) / 1000));
    const { systemId, systemName, mediaPath, mediaName, launcherId } = entry.info;
    this.events.publish("media.stopped", { systemId, systemName, mediaPath, mediaName, launcherId, elapsed, slot: "primary" });
  }
}
