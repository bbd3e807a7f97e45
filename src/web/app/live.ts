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
  index?: IndexStatus;
  /** The device's inbox, newest first. */
  inbox: InboxMessage[];
}

export class Live {
  state: LiveState = { readers: [], active: null, inbox: [] };
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
    c.on("media.started", () => void this.refreshActive());
    c.on("media.stopped", () => void this.refreshActive());
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
    const [version, tokens, media] = await Promise.allSettled([
      c.call<{ version: string; platform: string }>("version"),
      c.call<{ last?: Token }>("tokens"),
      c.call<{ database: IndexStatus }>("media"),
    ]);
    const patch: Partial<LiveState> = {};
    if (version.status === "fulfilled") patch.version = version.value;
    if (tokens.status === "fulfilled" && tokens.value.last) patch.lastToken = tokens.value.last;
    if (media.status === "fulfilled") patch.index = media.value.database;
    this.set(patch);
    await Promise.allSettled([this.refreshReaders(), this.refreshActive(), this.refreshInbox()]);
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

  private async refreshActive(): Promise<void> {
    try {
      this.set({ active: await this.conn.call<ActiveMedia | null>("media.active") });
    } catch {}
  }
}
