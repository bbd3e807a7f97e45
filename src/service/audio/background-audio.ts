import { extname } from "node:path";
import type { Clock } from "../../core/clock.ts";
import { DomainError } from "../../core/errors.ts";
import { systemCatalog } from "../../core/systems/catalog.ts";
import { rfc3339 } from "../../core/token.ts";
import type { ActiveMedia } from "../../core/wire/media.ts";
import { log } from "../../log.ts";
import { AUTO_PLAYERS, AudioProcess, isAudioFile, playerCommand } from "../../platforms/shared/audio-player.ts";
import type { Config } from "../../config/schema.ts";
import type { Runtime } from "../../runtime/types.ts";
import type { ServiceEvents } from "../events.ts";

const logger = log.withTag("audio");

/** How long a player has to end after SIGTERM before it is killed. */
export const PLAYER_STOP_GRACE_MS = 3000;

/** The reference's launcher, system and name of music in the background slot (as the phone app sees them). */
export const BACKGROUND_LAUNCHER_ID = "native-audio";
const AUDIO_SYSTEM = "Audio";

export interface BackgroundAudioDeps {
  spawn: Runtime["spawn"];
  events: ServiceEvents;
  clock: Clock;
  /** `[audio] music_player` (a command template, empty: found on PATH) and `[audio] device`. */
  settings(): { music_player: string; device: string };
  /** The track ended by itself (`natural`), or its player failed (not `natural`); not called on a stop. */
  ended(natural: boolean): void;
  /** Whether music pauses while a game runs in the primary slot (the reference's default: yes). */
  pauseOnLaunch(): boolean;
}

interface Track {
  path: string;
  name: string;
  startedAt: number;
  paused: boolean;
  proc: AudioProcess;
  stopping: boolean;
}

/**
 * The background media slot's player: one track at a time in a child process (music beside a game). Publishes
 * media.started / media.stopped with `slot: "background"`; never touches the primary slot.
 */
export class BackgroundAudio {
  private track: Track | null = null;
  /** Counts play/stop calls, so that a play overtaken while its player was starting drops that player. */
  private generation = 0;
  /** Paused because a game started in the primary slot: continued when it stops. */
  private autoPaused = false;
  /** A pause asked for while the player was starting: applied once it runs. */
  private pauseOnStart = false;

  constructor(private readonly deps: BackgroundAudioDeps) {
    deps.events.subscribe((name, params) => {
      if ((name !== "media.started" && name !== "media.stopped") || (params as { slot?: string }).slot === "background") return;
      if (name === "media.started" && this.track && !this.track.paused && deps.pauseOnLaunch()) {
        logger.info("pausing background music while the game runs");
        this.pause();
        this.autoPaused = true;
      } else if (name === "media.stopped" && this.autoPaused) {
        this.resume();
      }
    });
  }

  /** The player command for `path`; throws unsupported when it is no audio file or no player fits. */
  command(path: string): string[] {
    if (!isAudioFile(path)) throw new DomainError("unsupported", `background slot plays audio files only (.mp3, .wav, .ogg, .flac): ${path}`);
    const { music_player, device } = this.deps.settings();
    const argv = playerCommand(path, music_player, device);
    if (!argv) {
      throw new DomainError("unsupported", `no audio player for ${extname(path).toLowerCase()} files: install one of ${AUTO_PLAYERS.join(", ")} or set [audio] music_player`);
    }
    return argv;
  }

  /** Plays `path` (replacing what plays); throws unsupported when no player fits, failed when it cannot start. */
  async play(path: string, name: string): Promise<void> {
    const argv = this.command(path);
    this.autoPaused = false;
    const gen = ++this.generation;
    this.pauseOnStart = false;
    this.end(false);
    let proc: AudioProcess;
    try {
      proc = await AudioProcess.start(this.deps.spawn, argv);
    } catch (err) {
      throw new DomainError("failed", `audio player ${argv[0]} could not start: ${(err as Error).message}`);
    }
    if (gen !== this.generation) {
      proc.terminate(this.deps.clock, PLAYER_STOP_GRACE_MS);
      return;
    }
    const track: Track = { path, name, startedAt: this.deps.clock.now(), paused: false, proc, stopping: false };
    this.track = track;
    logger.info(`playing ${path} with ${argv[0]} (pid ${proc.pid})`);
    this.deps.events.publish("media.started", { systemId: AUDIO_SYSTEM, systemName: AUDIO_SYSTEM, mediaPath: path, mediaName: name, slot: "background" });
    if (this.pauseOnStart) this.pause();
    proc.exited.then((exit) => {
      if (track.stopping || this.track !== track) return;
      const natural = exit.code === 0;
      if (!natural) logger.warn(`audio player for ${path} failed (${exit.signal ?? `exit ${exit.code}`}): ${exit.stderr.trim().slice(0, 500)}`);
      this.end(true);
      this.deps.ended(natural);
    });
  }

  get playing(): boolean {
    return this.track !== null;
  }

  get paused(): boolean {
    return this.track?.paused ?? false;
  }

  pause(): void {
    this.autoPaused = false;
    this.pauseOnStart = !this.track;
    if (!this.track || this.track.paused) return;
    this.track.proc.pause();
    this.track.paused = true;
  }

  resume(): void {
    this.autoPaused = false;
    this.pauseOnStart = false;
    if (!this.track || !this.track.paused) return;
    this.track.proc.resume();
    this.track.paused = false;
  }

  /** Stops the track, if any (media.stopped follows). */
  stop(): void {
    this.generation++;
    this.pauseOnStart = false;
    this.end(false);
  }

  /** The track as `media` / `media.active` report it, with the actions media.control offers for it. */
  entry(controls: readonly string[]): ActiveMedia | null {
    const t = this.track;
    if (!t) return null;
    return {
      launcherId: BACKGROUND_LAUNCHER_ID,
      systemId: AUDIO_SYSTEM,
      systemName: AUDIO_SYSTEM,
      mediaPath: t.path,
      mediaName: t.name,
      started: rfc3339(new Date(t.startedAt)),
      zapScript: t.path,
      launcherControls: [...controls].sort(),
      slot: "background",
    };
  }

  /** Forgets the track (its player already gone when `exited`, else ended now) and says so. */
  private end(exited: boolean): void {
    const t = this.track;
    if (!t) return;
    this.track = null;
    t.stopping = true;
    if (!exited) t.proc.terminate(this.deps.clock, PLAYER_STOP_GRACE_MS);
    const elapsed = Math.max(0, Math.round((this.deps.clock.now() - t.startedAt) / 1000));
    this.deps.events.publish("media.stopped", {
      systemId: AUDIO_SYSTEM, systemName: AUDIO_SYSTEM, mediaPath: t.path, mediaName: t.name, launcherId: BACKGROUND_LAUNCHER_ID, elapsed, slot: "background",
    });
  }
}

/** `[[systems.default]] system = "Audio"`'s `pause_on_launch` (unset: true, as the reference). */
export function pauseMusicOnLaunch(config: Config): boolean {
  return config.systems.default.find((d) => systemCatalog().nameMeans(d.system, AUDIO_SYSTEM))?.pause_on_launch ?? true;
}
