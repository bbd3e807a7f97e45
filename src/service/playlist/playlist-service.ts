import { current, type MediaSlot, needsUpdate, type Playlist } from "../../core/playlist/playlist.ts";
import type { PlaylistState } from "../../core/wire/playlists.ts";
import { log } from "../../log.ts";

const logger = log.withTag("playlist");

export interface PlaylistServiceDeps {
  /** Runs an item's launch script as a token from the playlist (queued behind the script running now). */
  launch(script: string): void;
}

/**
 * The active playlist of each media slot, as the reference's playlist queue keeps them: setting one that plays
 * launches its current item when that changed (or it was paused); setting one that is paused only records it.
 * The background slot is kept and reported, but this service has no background player to launch its items.
 */
export class PlaylistService {
  private readonly slots: Record<MediaSlot, Playlist | null> = { primary: null, background: null };

  constructor(private readonly deps: PlaylistServiceDeps) {}

  get(slot: MediaSlot): Playlist | null {
    return this.slots[slot];
  }

  /** Clears a slot (`playlist.stop`, or other media started in the primary slot). */
  clear(slot: MediaSlot): void {
    if (this.slots[slot]) logger.info(`clearing ${slot} playlist`);
    this.slots[slot] = null;
  }

  /** Sets the playlist of its slot; launches its current item when it plays and what plays changed. */
  set(p: Playlist): void {
    const before = this.slots[p.slot];
    if (before && !needsUpdate(p, before)) return;
    this.slots[p.slot] = p;
    const item = current(p);
    logger.info(`${p.slot} playlist ${JSON.stringify(p.name)}: item ${p.index + 1} of ${p.items.length}${p.playing ? ", playing" : ", paused"}`);
    if (p.playing && item && p.slot === "primary") this.deps.launch(item.zapScript);
  }

  /** Both slots' playlists as `media` reports them (`playlists`), primary first. */
  states(): PlaylistState[] {
    return (["primary", "background"] as const).flatMap((s) => {
      const p = this.slots[s];
      return p ? [{ id: p.id, name: p.name, slot: p.slot, repeat: p.repeat, items: p.items.map((i) => ({ name: i.name, zapScript: i.zapScript })), index: p.index, total: p.items.length, playing: p.playing }] : [];
    });
  }
}
