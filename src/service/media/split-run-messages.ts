import type { SystemWalk, SystemWalkRequest, WireScan } from "./system-walk.ts";

/**
 * Messages to a split run's thread (split-run-worker.ts), handled in the order sent: `open` first (the index file
 * to write), then systems walked elsewhere (`rows`) or to walk (`walk`), whose media rows it writes in that order,
 * and the title keys of their files as parsed (`keys`, in media id order); then `end`.
 */
export type ToSplitRun =
  | { t: "open"; path: string }
  | { t: "rows"; scan: WireScan; indexedAt: string }
  | { t: "walk"; request: SystemWalkRequest }
  | { t: "keys"; keys: string }
  | { t: "end" };

/**
 * Messages from it: `ready` once it takes messages; `walked` per `walk` (`rows`: its rows were written, as every
 * system's before); after `end`, `rows` once the file holds every media row and is closed (`total`: the last
 * media id), then the title order's `lower` half unsorted (its keys joined by NUL, and their ids), and its `upper`
 * half sorted, with the sample keys of its places (title-order-halves.ts, title-samples.ts) (or `failed`).
 */
export type FromSplitRun =
  | { t: "ready" }
  | { t: "walked"; walked: SystemWalk<WireScan>; rows: boolean }
  | { t: "rows"; total: number }
  | { t: "lower"; keys: string; ids: Int32Array }
  | { t: "upper"; ids: Int32Array; samples: string[] }
  | { t: "failed"; reason: string };
