import { INBOX_SEVERITY } from "../../core/wire/inbox.ts";
import type { InboxMessage } from "../../core/wire/inbox.ts";
import type { InboxSink } from "./inbox-service.ts";

/**
 * The messages the service leaves in the inbox, one function per kind of problem, so their wording and
 * categories live in one place. A category keeps one entry per kind (refreshed when it happens again).
 */

export const INBOX_CATEGORIES = {
  mediaDbCorrupt: "mediadb_corruption_recovery",
  indexFailed: "media_index_failed",
  indexStalled: "media_index_stalled",
  readerFailing: "reader_failing",
  configProblems: "config_worked_around",
  playtimeLimit: "playtime_limit_reached",
} as const;

/** Messages go nowhere (services built without an inbox: tools, unit tests). */
export const noInbox: InboxSink = { add: () => null };

/** The media database could not be opened at start: set aside, replaced by an empty one; a rebuild is offered. */
export function mediaDbCorrupt(inbox: InboxSink, p: { setAsideAs: string; reason: string }): InboxMessage | null {
  return inbox.add({
    title: "The media database was damaged and has been replaced",
    body:
      `The media database could not be read (${p.reason}). It was set aside as ${p.setAsideAs} and an empty one ` +
      "created, so the library is empty until it is rebuilt: update the media database (Settings → Library, or " +
      "the media.generate method) to rebuild it.",
    severity: INBOX_SEVERITY.error,
    category: INBOX_CATEGORIES.mediaDbCorrupt,
  });
}

/** An index run ended in failure; the previous index is still served. */
export function indexFailed(inbox: InboxSink, reason: string): InboxMessage | null {
  return inbox.add({
    title: "Updating the media database failed",
    body: `${reason.replace(/[;.]?\s*the previous index is kept\.?$/i, "")}. The previous media database is still in use; try updating it again.`,
    severity: INBOX_SEVERITY.warning,
    category: INBOX_CATEGORIES.indexFailed,
  });
}

/** An index run has made no progress for a while (it is left running: a slow share may still answer). */
export function indexStalled(inbox: InboxSink, p: { currentStep: number; totalSteps: number; currentStepDisplay: string; totalFiles: number; quietMs: number }): InboxMessage | null {
  const count = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;
  const quiet = p.quietMs >= 60_000 ? count(Math.round(p.quietMs / 60_000), "minute") : count(Math.max(1, Math.round(p.quietMs / 1000)), "second");
  const where = p.currentStepDisplay ? ` at ${p.currentStepDisplay} (system ${p.currentStep} of ${p.totalSteps})` : "";
  return inbox.add({
    title: "Updating the media database has stalled",
    body:
      `The index run has made no progress for ${quiet}${where}, with ${p.totalFiles} files found so far. ` +
      "It is still running and the previous media database is still in use. A media folder that stopped answering (a network share, a " +
      "sleeping drive) is the usual cause: check the folders, then cancel the update and start it again.",
    severity: INBOX_SEVERITY.warning,
    category: INBOX_CATEGORIES.indexStalled,
  });
}

/** A configured reader has failed to open many times in a row (one message per reader, not one per retry). */
export function readerFailing(inbox: InboxSink, p: { reader: string; attempts: number; reason: string }): InboxMessage | null {
  return inbox.add({
    title: `Reader ${p.reader} cannot be opened`,
    body: `${p.attempts} attempts in a row failed; the last said: ${p.reason}. The service keeps trying; check the reader's connection and the readers settings.`,
    severity: INBOX_SEVERITY.warning,
    category: `${INBOX_CATEGORIES.readerFailing}:${p.reader}`,
  });
}

/** The config file had problems the service worked around at start (each named). */
export function configWorkedAround(inbox: InboxSink, problems: readonly string[]): InboxMessage | null {
  if (problems.length === 0) return null;
  return inbox.add({
    title: problems.length === 1 ? "A config problem was worked around" : `${problems.length} config problems were worked around`,
    body: problems.map((p) => `• ${p}`).join("\n"),
    severity: INBOX_SEVERITY.warning,
    category: INBOX_CATEGORIES.configProblems,
  });
}

/** Playtime: a limit was reached and media stopped (for the playtime service). */
export function playtimeLimitReached(inbox: InboxSink, p: { limit: "daily" | "session"; profile?: string }): InboxMessage | null {
  const who = p.profile ? ` for ${p.profile}` : "";
  return inbox.add({
    title: `The ${p.limit} playtime limit was reached${who}`,
    body: "The running game was stopped; launches are refused until the budget resets.",
    severity: INBOX_SEVERITY.info,
    category: INBOX_CATEGORIES.playtimeLimit,
  });
}
