import { type } from "../lazy-arktype.ts";

/** A slot's playlist as `media` reports it (`playlists`), in the reference's shape the phone app reads. */
export const PlaylistItemInfo = type({ name: "string", zapScript: "string" });
export const PlaylistState = type({
  id: "string",
  name: "string",
  slot: "'primary' | 'background'",
  repeat: "'none' | 'all' | 'one'",
  items: PlaylistItemInfo.array(),
  /** 0-based position of the current item. */
  index: "number.integer >= 0",
  total: "number.integer >= 0",
  playing: "boolean",
});
export type PlaylistState = typeof PlaylistState.infer;
