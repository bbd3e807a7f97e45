import type { SystemWalk, SystemWalkRequest, WireScan } from "./system-walk.ts";

/**
 * Messages to a split run's thread (split-run-worker.ts): `open` first (the index file to write); the systems to
 * walk (`walk`: each taken by whichever thread claims it first in `claims`, see split-run.ts), and those walked
 * elsewhere (`rows`, read as they come): their media rows are written in run order (`at`: 0, 1 … for the systems
 * walked before `walk`, then `first` + its place in `requests`); the title keys of their files as parsed (`keys`, in media id
 * order); then `end`. All but `rows` are handled in the order sent.
 */
export type ToSplitRun =
  | { t: "open"; path: string }
  | { t: "rows"; at: number; scan: WireScan; indexedAt: string }
  | { t: "walk"; requests: SystemWalkRequest[]; first: number; claims: Int32Array }
  | { t: "keys"; keys: string }
  | { t: "end" };

/**
 * Messages from it: `ready` once it takes messages; `walked` per system it claimed (`at`: its place in the walk's
 * requests; `rows`: its rows are written, as every system's before); after `end`, `rows` once the file holds every media row and is closed (`total`: the last
 * media id), then the title order's `lower` half unsorted (its keys joined by NUL, and their ids), and its `upper`
 * half sorted, with the sample keys of its places (title-order-halves.ts, title-samples.ts) (or `failed`).
 */
export type FromSplitRun =
  | { t: "ready" }
  | { t: "walked"; at: number; walked: SystemWalk<WireScan>; rows: boolean }
  | { t: "rows"; total: number }
  | { t: "lower"; keys: string; ids: Int32Array }
  | { t: "upper"; ids: Int32Array; samples: string[] }
  | { t: "failed"; reason: string };
