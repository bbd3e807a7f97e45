/**
 * A playlist as the reference keeps one (pure data): items are launch scripts (a path, or any script), one is
 * current, and every change makes a new value. `next`/`previous` wrap around both ends; `goto` clamps.
 */

export type MediaSlot = "primary" | "background";
export type Repeat = "none" | "all" | "one";

export interface PlaylistItem {
  name: string;
  zapScript: string;
}

export interface Playlist {
  /** What it was loaded from (the command's argument, or the id of a list given inline). */
  readonly id: string;
  readonly name: string;
  readonly slot: MediaSlot;
  readonly items: readonly PlaylistItem[];
  /** 0-based. */
  readonly index: number;
  readonly playing: boolean;
  readonly repeat: Repeat;
}

export function newPlaylist(id: string, name: string, items: readonly PlaylistItem[], opts: { slot?: MediaSlot; repeat?: Repeat } = {}): Playlist {
  return { id, name, slot: opts.slot ?? "primary", items, index: 0, playing: false, repeat: opts.repeat ?? "none" };
}

export const next = (p: Playlist): Playlist => ({ ...p, index: p.index + 1 >= p.items.length ? 0 : p.index + 1 });

export const previous = (p: Playlist): Playlist => ({ ...p, index: p.index - 1 < 0 ? Math.max(0, p.items.length - 1) : p.index - 1 });

/** To the 0-based `index`, clamped to the items. */
export const goTo = (p: Playlist, index: number): Playlist => ({ ...p, index: Math.min(Math.max(index, 0), Math.max(0, p.items.length - 1)) });

export const play = (p: Playlist): Playlist => ({ ...p, playing: true });
export const pause = (p: Playlist): Playlist => ({ ...p, playing: false });

/** The current item (the index clamped), or undefined for an empty playlist. */
export function current(p: Playlist): PlaylistItem | undefined {
  if (p.items.length === 0) return undefined;
  return p.items[Math.min(Math.max(p.index, 0), p.items.length - 1)];
}

/** False when an update changes nothing that plays: same current item, playing state and repeat mode. */
export function needsUpdate(incoming: Playlist, active: Playlist): boolean {
  const a = current(incoming);
  const b = current(active);
  const same = a?.zapScript === b?.zapScript && a?.name === b?.name;
  return !(same && incoming.playing === active.playing && incoming.repeat === active.repeat);
}

/** The reference's `?repeat=` (off, all, one; any case) and `?mode=` (shuffle) advanced arguments. */
export function parseRepeat(value: string | undefined): Repeat | Error {
  const v = (value ?? "").trim().toLowerCase();
  if (v === "" || v === "off") return "none";
  if (v === "all" || v === "one") return v;
  return new Error(`repeat must be off, all or one (was ${JSON.stringify(value)})`);
}

export function parseSlot(value: string | undefined): MediaSlot | Error {
  const v = (value ?? "").trim().toLowerCase();
  if (v === "" || v === "primary") return "primary";
  if (v === "background" || v === "bg") return "background";
  return new Error(`slot must be primary or background (was ${JSON.stringify(value)})`);
}

/** Fisher–Yates with the given random source (`mode=shuffle`). */
export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
