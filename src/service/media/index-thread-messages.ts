import type { DerivedChunk, DerivedLists, DerivedPart, SystemRange } from "../../core/media/derived-index.ts";
import type { ParsedNames, SystemNames } from "./system-names.ts";

/**
 * Messages to the media index thread (index-thread-worker.ts): `begin` first (whether it keeps the title keys and
 * sorts half the title order), then files as chunks, or a system's names to parse, then the parts of the last
 * files parsed by the writer (after the names parsed here: their ids follow), then `finish`.
 */
export type ToIndexThread =
  | { t: "begin"; titleOrder: boolean }
  | { t: "chunk"; chunk: DerivedChunk }
  | { t: "names"; names: SystemNames }
  | { t: "parts"; parts: DerivedPart[] }
  | { t: "finish"; systems: SystemRange[] };

/** Messages from it: `ready` once it takes messages; `parsed` per `names`; after `finish` the `lists`, then the `order` when it keeps the title keys (or `failed`). */
export type FromIndexThread =
  | { t: "ready" }
  | { t: "parsed"; parsed: ParsedNames }
  | { t: "lists"; lists: DerivedLists }
  | { t: "order"; upper: Int32Array }
  | { t: "failed"; reason: string };
