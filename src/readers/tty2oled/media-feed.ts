/** What a display shows follows the media: the media playing now and its changes (started, stopped). */
export interface DisplayMedia {
  systemId: string;
  name: string;
  /** The launched path (MiSTer: an arcade game's `.mra`). */
  path: string;
}

export interface MediaFeed {
  current(): DisplayMedia | null;
  /** `null`: nothing plays (the menu). Returns the unsubscribe function. */
  subscribe(listener: (media: DisplayMedia | null) => void): () => void;
}
