import { isAbsolute } from "node:path";
import { DomainError } from "../../core/errors.ts";
import { nameOfPath } from "../../core/playlist/parse.ts";
import { current, type MediaSlot, needsUpdate, next, type Playlist, previous } from "../../core/playlist/playlist.ts";
import type { ActiveMedia } from "../../core/wire/media.ts";
import type { PlaylistState } from "../../core/wire/playlists.ts";
import { log } from "../../log.ts";
import type { BackgroundAudio } from "../audio/background-audio.ts";

const logger = log.withTag("playlist");

export interface PlaylistServiceDeps {
  /** Runs an item's launch script as a token from the playlist (queued behind the script running now). */
  launch(script: string): void;
  /** The background slot's player (music); without it a background playlist is only kept and reported. */
  background?: BackgroundAudio;
}

/** media.control's actions on the background slot; next/previous need a background playlist. */
export const BACKGROUND_ACTIONS = ["pause", "resume", "toggle_pause", "stop", "next", "previous"] as const;

/**
 * The active playlist of each media slot, as the reference's playlist queue keeps them: setting one that plays
 * launches its current item when that changed (or it was paused); setting one that is paused only records it.
 * The background slot's items are audio files played by the background player: pausing the playlist pauses the
 * track, a track that ends goes on to the next item (as `repeat` says), clearing the slot stops the music.
 */
export class PlaylistService {
  private readonly slots: Record<MediaSlot, Playlist | null> = { primary: null, background: null };

  constructor(private readonly deps: PlaylistServiceDeps) {}

  get(slot: MediaSlot): Playlist | null {
    return this.slots[slot];
  }

  /** Clears a slot (`playlist.stop`, or other media started in the primary slot); the background's music stops. */
  clear(slot: MediaSlot): void {
    if (this.slots[slot]) logger.info(`clearing ${slot} playlist`);
    this.slots[slot] = null;
    if (slot === "background") this.deps.background?.stop();
  }

  /** Sets the playlist of its slot; starts its current item when it plays and what plays changed. */
  async set(p: Playlist): Promise<void> {
    const before = this.slots[p.slot];
    if (before && !needsUpdate(p, before)) return;
    this.slots[p.slot] = p;
    const item = current(p);
    logger.info(`${p.slot} playlist ${JSON.stringify(p.name)}: item ${p.index + 1} of ${p.items.length}${p.playing ? ", playing" : ", paused"}`);
    if (p.slot === "background") return this.syncBackground(p, before);
    if (p.playing && item) this.deps.launch(item.zapScript);
  }

  /**
   * A single audio file in the background slot (`<path>?slot=background`): replaces the background playlist, if
   * any. A dry run only checks that it can be played.
   */
  async playFile(path: string, dryRun: boolean): Promise<void> {
    const audio = this.deps.background;
    if (!audio) throw new DomainError("unsupported", "no background media player here");
    if (dryRun) return void audio.command(path);
    audio.command(path);
    this.slots.background = null;
    await audio.play(path, nameOfPath(path));
  }

  /** A background track ended by itself: the next item as `repeat` says, else the slot is cleared. */
  trackEnded(natural: boolean): void {
    const p = this.slots.background;
    if (!p) return;
    if (!natural) {
      logger.warn(`background playlist ${JSON.stringify(p.name)} stopped: its player failed`);
      this.slots.background = null;
      return;
    }
    const last = p.index + 1 >= p.items.length;
    if (last && p.repeat === "none") {
      this.slots.background = null;
      return;
    }
    const following = p.repeat === "one" ? p : next(p);
    this.slots.background = following;
    this.playItem(following).catch((err) => {
      logger.warn(`background playlist ${JSON.stringify(p.name)}: ${(err as Error).message}`);
      this.slots.background = null;
    });
  }

  /** media.control on the background slot (the phone app's music controls). */
  async controlBackground(action: string): Promise<void> {
    const audio = this.deps.background;
    const p = this.slots.background;
    if (action === "stop") return this.clear("background");
    if (action === "next" || action === "previous") {
      if (!p) throw new DomainError("unavailable", `media.control ${action}: no background playlist`);
      return this.set({ ...(action === "next" ? next(p) : previous(p)), playing: true });
    }
    if (!(BACKGROUND_ACTIONS as readonly string[]).includes(action)) throw new DomainError("unsupported", `media.control action "${action}" is not supported in the background slot (${BACKGROUND_ACTIONS.join(", ")})`);
    if (!audio?.playing) throw new DomainError("unavailable", `media.control ${action}: no background media playing`);
    const pause = action === "pause" || (action === "toggle_pause" && !audio.paused);
    if (pause) audio.pause();
    else audio.resume();
    if (p) this.slots.background = { ...p, playing: !pause };
  }

  /** The background slot's media as `media` and `media.active {slot: "background"}` report it. */
  backgroundMedia(): ActiveMedia | null {
    const controls = BACKGROUND_ACTIONS.filter((a) => this.slots.background || (a !== "next" && a !== "previous"));
    return this.deps.background?.entry(controls) ?? null;
  }

  /** Both slots' playlists as `media` reports them (`playlists`), primary first. */
  states(): PlaylistState[] {
    return (["primary", "background"] as const).flatMap((s) => {
      const p = this.slots[s];
      return p ? [{ id: p.id, name: p.name, slot: p.slot, repeat: p.repeat, items: p.items.map((i) => ({ name: i.name, zapScript: i.zapScript })), index: p.index, total: p.items.length, playing: p.playing }] : [];
    });
  }

  private async syncBackground(p: Playlist, before: Playlist | null): Promise<void> {
    const audio = this.deps.background;
    if (!audio) return;
    if (!p.playing) return audio.pause();
    const same = before && current(before)?.zapScript === current(p)?.zapScript && before.index === p.index;
    if (same && audio.playing) return audio.resume();
    try {
      await this.playItem(p);
    } catch (err) {
      if (this.slots.background === p) this.slots.background = null;
      throw err;
    }
  }

  private async playItem(p: Playlist): Promise<void> {
    const item = current(p);
    if (!item) throw new DomainError("invalid", `playlist ${JSON.stringify(p.name || p.id)} has no items`);
    if (!isAbsolute(item.zapScript)) throw new DomainError("unsupported", `background slot plays audio files by path only, not ${JSON.stringify(item.zapScript)}`);
    await this.deps.background!.play(item.zapScript, item.name || nameOfPath(item.zapScript));
  }
}
