import type { Connection } from "./rpc/connection.ts";
import type { ActiveMedia, InboxMessage, IndexStatus, Reader, Token } from "./types.ts";

/**
 * What every screen shares and the notifications keep current: readers, the last scanned token, the media
 * playing now and the indexing status. Re-read in full whenever the socket (re)opens.
 */
export interface LiveState {
  version?: { version: string; platform: string };
  readers: Reader[];
  lastToken?: Token;
  active: ActiveMedia | null;
  /** Music in the background slot (beside a game), with whether it is paused. */
  music: ActiveMedia | null;
  musicPaused: boolean;
  index?: IndexStatus;
  /** The device's inbox, newest first. */
  inbox: InboxMessage[];
}

export class Live {
  state: LiveState = { readers: [], active: null, music: null, musicPaused: false, inbox: [] };
  private readonly subs = new Set<() => void>();

  constructor(private readonly conn: Connection) {}

  start(): void {
    const c = this.conn;
    c.onState((s) => {
      if (s.kind === "open") void this.refresh();
    });
    c.on("tokens.added", (p) => this.set({ lastToken: p as Token }));
    c.on("readers.added", () => void this.refreshReaders());
    c.on("readers.removed", () => void this.refreshReaders());
    c.on("media.started", (p) => void this.refreshSlot(p));
    c.on("media.stopped", (p) => void this.refreshSlot(p));
    c.on("media.indexing", (p) => this.set({ index: p as IndexStatus }));
    c.on("inbox.added", () => void this.refreshInbox());
  }

  subscribe(fn: () => void): () => void {
    this.subs.add(fn);
    return () => this.subs.delete(fn);
  }

  set(patch: Partial<LiveState>): void {
    this.state = { ...this.state, ...patch };
    for (const fn of this.subs) fn();
  }

  async refresh(): Promise<void> {
    const c = this.conn;
    const [version, tokens] = await Promise.allSettled([
      c.call<{ version: string; platform: string }>("version"),
      c.call<{ last?: Token }>("tokens"),
    ]);
    const patch: Partial<LiveState> = {};
    if (version.status === "fulfilled") patch.version = version.value;
    if (tokens.status === "fulfilled" && tokens.value.last) patch.lastToken = tokens.value.last;
    this.set(patch);
    await Promise.allSettled([this.refreshReaders(), this.refreshActive(), this.refreshMedia(), this.refreshInbox()]);
  }

  async refreshInbox(): Promise<void> {
    try {
      this.set({ inbox: (await this.conn.call<{ messages: InboxMessage[] }>("inbox")).messages });
    } catch {}
  }

  private async refreshReaders(): Promise<void> {
    try {
      this.set({ readers: (await this.conn.call<{ readers: Reader[] }>("readers")).readers });
    } catch {}
  }

  /** A media notification names its slot: only that slot is read again. */
  private refreshSlot(params: unknown): Promise<void> {
    return (params as { slot?: string } | undefined)?.slot === "background" ? this.refreshMedia() : this.refreshActive();
  }

  /**
   * One `media` call: the index status, the background slot's music and its playlist's play state (a paused track
   * stays listed as active). `pausedWithoutList`: what a pause or resume of a single file (no playlist) left.
   */
  async refreshMedia(pausedWithoutList?: boolean): Promise<void> {
    try {
      const media = await this.conn.call<{ database: IndexStatus; active: ActiveMedia[]; playlists?: Array<{ slot: string; playing: boolean }> }>("media");
      const music = media.active.find((a) => a.slot === "background") ?? null;
      const list = media.playlists?.find((p) => p.slot === "background");
      const paused = list ? !list.playing : (pausedWithoutList ?? (music?.mediaPath === this.state.music?.mediaPath && this.state.musicPaused));
      this.set({ index: media.database, music, musicPaused: music !== null && paused });
    } catch {}
  }

  private async refreshActive(): Promise<void> {
    try {
      this.set({ active: await this.conn.call<ActiveMedia | null>("media.active") });
    } catch {}
  }
}
