import type { ActiveMedia } from "../../core/media-types.ts";
import type { RunningMedia } from "./launcher.ts";

/** What a platform says is playing, in the shape `media.active` reports it (no `started`, no `zapScript`). */
export interface PlatformMedia {
  launcherId: string;
  systemId: string;
  systemName: string;
  mediaPath: string;
  mediaName: string;
}

export interface ActivityReport {
  media: PlatformMedia;
  /** Identities of the running media ("path:/userdata/roms/nes/x.nes", "steam:440", "movie:12"); a launch matches when its key is one of them. */
  keys: string[];
}

/**
 * A platform that can say what runs on it ("now playing"): Batocera's front end, Kodi, Steam. The watcher
 * asks it every `poll_interval`; `stop` ends whatever it runs, the platform's way.
 */
export interface PlatformActivity {
  readonly id: string;
  /** How long after a launch the platform may still report nothing (or the previous media) before the launch counts as ended. */
  readonly startWindowMs: number;
  /** What runs now, or null; throws (PlatformError) when the platform cannot be asked. */
  poll(): Promise<ActivityReport | null>;
  /** Ends what runs; resolves once the platform reports it ended (or cannot be asked any more). */
  stop(): Promise<void>;
}

/** The part of the active-media tracker the watcher drives. */
export interface MediaTracker {
  current(): ActiveMedia | null;
  isCurrent(running: RunningMedia): boolean;
  begin(info: Omit<ActiveMedia, "started">, running: RunningMedia): void;
}

/**
 * Media running on a platform rather than as a process of ours. It ends when the watcher sees the platform
 * report it gone (`exited` resolves), or when it is stopped the platform's way.
 */
export class PlatformRunning implements RunningMedia {
  readonly exited: Promise<void>;
  /** The platform has reported this media running at least once. */
  seen: boolean;
  readonly since: number;
  /** The front end's name for the media, when the launcher looked it up. */
  mediaName?: string;
  private done!: () => void;

  constructor(
    readonly activity: PlatformActivity,
    readonly key: string,
    opts: { seen?: boolean; now?: number } = {},
  ) {
    this.seen = opts.seen ?? false;
    this.since = opts.now ?? Date.now();
    this.exited = new Promise<void>((r) => (this.done = r));
  }

  matches(report: ActivityReport): boolean {
    return report.keys.includes(this.key);
  }

  /** The platform reports it no longer runs. */
  ended(): void {
    this.done();
  }

  async stop(): Promise<void> {
    await this.activity.stop();
    this.done();
  }
}
