import type { Type } from "arktype";
import { BackupState } from "./backup.ts";
import { IndexingStatus, MediaStarted, MediaStopped } from "./media.ts";
import { ReaderEvent } from "./readers.ts";
import { Launching, Token } from "./tokens.ts";

/**
 * Every notification the service sends: its params schema and what it means. The params type of each is what
 * producers publish (src/service/events.ts) and what clients read.
 */
export const notifications = {
  launching: { summary: "Script text entered the launch queue (after mappings were applied).", params: Launching },
  "readers.added": { summary: "A reader was connected.", params: ReaderEvent },
  "readers.removed": { summary: "A connected reader was disconnected.", params: ReaderEvent },
  "tokens.added": { summary: "A reader detected a new token.", params: Token },
  "tokens.removed": { summary: "A token was removed from its reader.", params: null },
  "tokens.staged": { summary: "The launch guard holds a scanned token while media runs; a re-tap or `confirm` launches it.", params: Token },
  "tokens.staged.ready": { summary: "The staged token's delay ran out: a re-tap now launches it.", params: Token },
  "media.started": { summary: "Media was started.", params: MediaStarted },
  "media.stopped": { summary: "Media stopped.", params: MediaStopped },
  "media.indexing": { summary: "The state of media indexing changed (progress while it runs).", params: IndexingStatus },
  "backup.state": { summary: "A backup operation's state changed; sent once more with `finished` when it ends.", params: BackupState },
} as const satisfies Record<string, { summary: string; params: Type<unknown> | null }>;

export type NotificationName = keyof typeof notifications;

/** The params each notification carries (`undefined` for those without params). */
export type NotificationParams = {
  [K in NotificationName]: (typeof notifications)[K]["params"] extends Type<infer T> ? T : undefined;
};
