/**
 * The media index thread: builds the derived tables of an index run (core/media/derived-index.ts) on the second
 * core, from the chunks of files the writer hands over while it writes the media rows, and sorts the upper half
 * of the title order. Started for one run and ended after it (index-thread.ts).
 */
import { DerivedIndexBuilder, listBuffers } from "../../core/media/derived-index.ts";
import type { FromIndexThread, ToIndexThread } from "./index-thread-messages.ts";

interface Scope {
  postMessage(message: FromIndexThread, transfer?: ArrayBuffer[]): void;
  onmessage: ((e: { data: ToIndexThread }) => void) | null;
}
const scope = globalThis as unknown as Scope;

/** Made by `begin`; null once spent, or failed and said so. */
let builder: DerivedIndexBuilder | null = null;
scope.onmessage = (e) => {
  const m = e.data;
  if (m.t === "begin") {
    builder = new DerivedIndexBuilder();
    return;
  }
  if (!builder) return;
  try {
    if (m.t === "chunk") builder.add(m.chunk);
    else {
      const lists = builder.lists(m.systems);
      scope.postMessage({ t: "lists", lists }, listBuffers(lists));
      const upper = lists.titleOrderLeft ? null : builder.upperOrder();
      builder = null;
      if (upper) scope.postMessage({ t: "order", upper }, [upper.buffer as ArrayBuffer]);
    }
  } catch (err) {
    builder = null;
    scope.postMessage({ t: "failed", reason: (err as Error).message });
  }
};
scope.postMessage({ t: "ready" });
