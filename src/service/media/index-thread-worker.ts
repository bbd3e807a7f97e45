/**
 * The media index thread: builds the derived tables of an index run (core/media/derived-index.ts) on the second
 * core, from the chunks of files the writer hands over while it writes the media rows, or from the names of each
 * system as it is walked (parsed here: their title keys go back, and the writer sorts the title order from them
 * itself). Started for one run and ended after it (index-thread.ts).
 */
import { DerivedIndexBuilder, listBuffers } from "../../core/media/derived-index.ts";
import { DerivedChunks } from "./derived-chunks.ts";
import type { FromIndexThread, ToIndexThread } from "./index-thread-messages.ts";
import { SystemNamesParser } from "./system-names.ts";

interface Scope {
  postMessage(message: FromIndexThread, transfer?: ArrayBuffer[]): void;
  onmessage: ((e: { data: ToIndexThread }) => void) | null;
}
const scope = globalThis as unknown as Scope;

/** Made by `begin`; null once spent, or failed and said so. */
let builder: DerivedIndexBuilder | null = null;
const chunks = new DerivedChunks((c) => builder?.add(c), () => false);
const parser = new SystemNamesParser(chunks);
scope.onmessage = (e) => {
  const m = e.data;
  if (m.t === "begin") {
    builder = new DerivedIndexBuilder(m.titleOrder);
    chunks.titlesWanted = m.titleOrder;
    return;
  }
  if (!builder) return;
  try {
    if (m.t === "chunk") builder.add(m.chunk);
    else if (m.t === "names") {
      const parsed = parser.parse(m.names);
      scope.postMessage({ t: "parsed", parsed });
    } else if (m.t === "parts") {
      chunks.flush(); // the names parsed here come first
      for (const p of m.parts) builder.merge(p);
    } else {
      chunks.flush();
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
