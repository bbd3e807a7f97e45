import type { Type } from "../lazy-arktype.ts";
import { InboxMessage } from "./inbox.ts";
import { BackupState } from "./backup.ts";
import { CardQueueChanged } from "./cards.ts";
import { IndexingStatus, MediaStarted, MediaStopped } from "./media.ts";
import { ScrapingStatus } from "./media-meta.ts";
import { ReaderEvent } from "./readers.ts";
import { Launching, Token } from "./tokens.ts";
import { UiState } from "./ui.ts";
import { AuthLinkStatus } from "./auth.ts";
import { PlaytimeLimitReached, PlaytimeLimitWarning } from "./playtime.ts";
import { ProfilesActiveEvent, ProfilesDataEvent } from "./profiles.ts";

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
  "media.scraping": { summary: "A scrape's progress (media.scrape); the last of a run has scraping: false and done: true.", params: ScrapingStatus },
  "inbox.added": { summary: "A message entered the inbox (or replaced the one of its category).", params: InboxMessage },
  "profiles.active": { summary: "The active profile changed (profile null: back to the shared profile).", params: ProfilesActiveEvent },
  "profiles.data": { summary: "State of swapping a profile's saved data after a switch (only on platforms that swap data).", params: ProfilesDataEvent },
  "playtime.limit.warning": { summary: "A playtime limit is near: `remaining` is left, `interval` the configured warning it crossed.", params: PlaytimeLimitWarning },
  "playtime.limit.reached": { summary: "A playtime limit is used up: the running media is stopped and launches are refused until it resets.", params: PlaytimeLimitReached },
  "ui.changed": { summary: "The UI event state changed (an event opened, changed or resolved): the whole state at its revision; a newer revision replaces an older one.", params: UiState },
  "auth.link.status": { summary: "The device link flow (settings.auth.link) changed state; never carries the user code or the verification URLs.", params: AuthLinkStatus },
  "backup.state": { summary: "A backup operation's state changed; sent once more with `finished` when it ends.", params: BackupState },
  "cards.queue.changed": { summary: "The card write queue changed: started, a tag written and verified (or refused, or waiting for confirmation), skipped, stopped, done. Its state without the list of games; `entry`: the game it was about.", params: CardQueueChanged },
} as const satisfies Record<string, { summary: string; params: Type<unknown> | null }>;

export type NotificationName = keyof typeof notifications;

/** The params each notification carries (`undefined` for those without params). */
export type NotificationParams = {
  [K in NotificationName]: (typeof notifications)[K]["params"] extends Type<infer T> ? T : undefined;
};
