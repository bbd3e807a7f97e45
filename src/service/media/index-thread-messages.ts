import type { DerivedChunk, DerivedLists, SystemRange } from "../../core/media/derived-index.ts";

/**
 * Messages to the media index thread (index-thread-worker.ts): `begin` first, then the files as chunks, in media
 * id order, then `finish`.
 */
export type ToIndexThread = { t: "begin" } | { t: "chunk"; chunk: DerivedChunk } | { t: "finish"; systems: SystemRange[] };

/** Messages from it: `ready` once it takes messages; after `finish` the `lists`, then the upper half of the title `order` (or `failed`). */
export type FromIndexThread =
  | { t: "ready" }
  | { t: "lists"; lists: DerivedLists }
  | { t: "order"; upper: Int32Array }
  | { t: "failed"; reason: string };
