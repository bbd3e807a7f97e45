/**
 * The media index thread: builds the derived tables of an index run (core/media/derived-index.ts) on the second
 * core, from the chunks of files the writer hands over while it writes the media rows, or from the names of each
 * system as it is walked (parsed here: their titles and tags go back for the rows). Started for one run and
 * ended after it (index-thread.ts).
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

let builder: DerivedIndexBuilder | null = new DerivedIndexBuilder();
const chunks = new DerivedChunks((c) => builder?.add(c), () => false);
const parser = new SystemNamesParser(chunks);
scope.onmessage = (e) => {
  const m = e.data;
  if (!builder) return; // spent, or failed and said so
  try {
    if (m.t === "chunk") builder.add(m.chunk);
    else if (m.t === "names") {
      const parsed = parser.parse(m.names);
      scope.postMessage({ t: "parsed", parsed }, [parsed.tagSets.buffer as ArrayBuffer]);
    } else {
      chunks.flush();
      const lists = builder.lists(m.systems);
      scope.postMessage({ t: "lists", lists }, listBuffers(lists));
      const upper = builder.upperOrder();
      builder = null;
      scope.postMessage({ t: "order", upper }, [upper.buffer as ArrayBuffer]);
    }
  } catch (err) {
    builder = null;
    scope.postMessage({ t: "failed", reason: (err as Error).message });
  }
};
scope.postMessage({ t: "ready" });
