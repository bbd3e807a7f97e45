import type { DerivedChunk, DerivedIndex, SystemRange } from "../../core/media/derived-index.ts";

/** Messages to the media index thread (index-thread-worker.ts). */
export type ToIndexThread = { t: "chunk"; chunk: DerivedChunk } | { t: "finish"; systems: SystemRange[] };

/** Messages from it: `ready` once it takes messages, then one `done` or `failed`. */
export type FromIndexThread = { t: "ready" } | { t: "done"; index: DerivedIndex } | { t: "failed"; reason: string };
