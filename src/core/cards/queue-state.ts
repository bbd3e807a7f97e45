/**
 * The write queue's rules, pure: which game the next tag gets, what to do with a tag presented, and the status
 * clients see. The queue service (src/service/cards/write-queue.ts) keeps the state, persists what must survive
 * a restart (`QueueData`) and does the writes.
 */
import type { CardQueueChanged, CardQueueStatus } from "../wire/cards.ts";

export interface QueueEntry {
  itemId: number;
  title: string;
  systemName: string;
  script: string;
  status: "pending" | "written" | "skipped";
  /** The tag it was written to. */
  uid?: string;
}

/** What survives a restart: the games (scripts fixed when the queue started), their outcomes, the last write. */
export interface QueueData {
  setId: number;
  setName: string;
  state: "running" | "stopped" | "done";
  entries: QueueEntry[];
  last?: { index: number; uid: string; readerId: string };
}

/** What lives only while the service runs: a write under way, a tag waiting for confirmation, the last failure. */
export interface QueueRuntime {
  phase: "waiting" | "writing" | "confirm" | "failed";
  confirm?: { readerId: string; uid: string; text: string };
  error?: string;
}

export const WAITING: QueueRuntime = { phase: "waiting" };

/** A tag put on a writable reader. */
export interface PresentedTag {
  readerId: string;
  uid: string;
  text: string;
  data: string;
}

/**
 * pass: not the queue's (it launches as usual); hold: the queue keeps it and does nothing (a write is under way,
 * or it is a card this queue wrote); write: the next game goes to it; ask: it holds data, the user confirms first.
 */
export type TagDecision = { kind: "pass" } | { kind: "hold" } | { kind: "write"; index: number } | { kind: "ask" };

/** The game the next tag gets: the first one still pending, in set order. */
export function nextIndex(entries: readonly QueueEntry[]): number | undefined {
  const i = entries.findIndex((e) => e.status === "pending");
  return i < 0 ? undefined : i;
}

/** A tag with neither text nor NDEF data: blank (new, or left empty by a write cut short). */
export function isBlank(tag: Pick<PresentedTag, "text" | "data">): boolean {
  return tag.text === "" && tag.data === "";
}

export function decide(data: QueueData | null, runtime: QueueRuntime, tag: PresentedTag): TagDecision {
  if (!data || data.state !== "running") return { kind: "pass" };
  const index = nextIndex(data.entries);
  if (index === undefined) return { kind: "pass" };
  if (runtime.phase === "writing") return { kind: "hold" };
  if (isBlank(tag)) return { kind: "write", index };
  if (tag.uid !== "" && data.entries.some((e) => e.status === "written" && e.uid === tag.uid)) return { kind: "hold" };
  return { kind: "ask" };
}

/** The state after a verified write of game `index` to tag `uid` on `readerId`: done when no game is left. */
export function afterWrite(data: QueueData, index: number, uid: string, readerId: string): QueueData {
  const entries = data.entries.map((e, i) => (i === index ? { ...e, status: "written" as const, uid } : e));
  return { ...data, entries, last: { index, uid, readerId }, state: nextIndex(entries) === undefined ? "done" : data.state };
}

/** Game `index` (the next one when absent) skipped. */
export function skip(data: QueueData, index = nextIndex(data.entries)): QueueData {
  if (index === undefined) return data;
  const entries = data.entries.map((e, i) => (i === index ? { ...e, status: "skipped" as const } : e));
  return { ...data, entries, state: nextIndex(entries) === undefined ? "done" : data.state };
}

/** Game `index` to be written again (its tag lost or wrong): pending again, so it comes before any later one; a finished queue runs again. */
export function again(data: QueueData, index: number): QueueData {
  const entries = data.entries.map((e, i) => (i === index ? { itemId: e.itemId, title: e.title, systemName: e.systemName, script: e.script, status: "pending" as const } : e));
  return { ...data, entries, state: data.state === "done" ? "running" : data.state };
}

/** The status clients see (`cards.queue`, `cards.queue.changed`). */
export function queueStatus(data: QueueData | null, runtime: QueueRuntime): CardQueueStatus {
  if (!data) return { state: "idle", phase: "waiting", total: 0, written: 0, skipped: 0, entries: [] };
  const next = nextIndex(data.entries);
  const running = data.state === "running";
  return {
    state: data.state,
    phase: running ? runtime.phase : "waiting",
    setId: data.setId,
    setName: data.setName,
    total: data.entries.length,
    written: data.entries.filter((e) => e.status === "written").length,
    skipped: data.entries.filter((e) => e.status === "skipped").length,
    ...(next !== undefined ? { next } : {}),
    entries: data.entries.map((e, index) => ({ index, ...e })),
    ...(running && runtime.phase === "confirm" && runtime.confirm ? { confirm: runtime.confirm } : {}),
    ...(runtime.error && (!running || runtime.phase === "failed") ? { error: runtime.error } : {}),
    ...(data.last ? { last: data.last } : {}),
  };
}

/** The change clients are told (`cards.queue.changed`): the status without the games, with game `index` when the change was about one. */
export function queueChange(data: QueueData | null, runtime: QueueRuntime, index?: number): CardQueueChanged {
  const { entries, ...summary } = queueStatus(data, runtime);
  const entry = index === undefined ? undefined : entries[index];
  return entry ? { ...summary, entry } : summary;
}
