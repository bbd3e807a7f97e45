import { exceedsNesting } from "./json-limits.ts";
import type { RequestId } from "./dispatcher.ts";

/** The `id` of a single JSON-RPC request frame when it can be read cheaply, else null (batches, garbage). */
export function requestIdOf(text: string, maxDepth: number): RequestId | null {
  if (!text.trimStart().startsWith("{") || exceedsNesting(text, maxDepth)) return null;
  try {
    const value = JSON.parse(text) as { id?: unknown };
    const id = value?.id;
    return typeof id === "string" || (typeof id === "number" && Number.isFinite(id)) ? id : null;
  } catch {
    return null;
  }
}
