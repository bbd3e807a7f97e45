import type { ThreadLink } from "../types.ts";

/**
 * A Bun Worker for a service thread (the media index's derived tables while the main thread writes its rows). In a
 * compiled binary the module is an extra entry point of the build (build/release/compile.ts SERVICE_THREADS),
 * found by its path inside the binary; from source, by its file URL.
 */
export function startBunThread(entry: { url: string; bundledPath: string }): ThreadLink {
  const compiled = import.meta.url.includes("/$bunfs/");
  const worker = new Worker(compiled ? entry.bundledPath : entry.url);
  return {
    post: (message, transfer) => worker.postMessage(message, transfer ?? []),
    onMessage: (handler) => {
      worker.onmessage = (e: MessageEvent) => handler(e.data);
    },
    onError: (handler) => {
      worker.onerror = (e) => handler(e.message);
    },
    terminate: () => worker.terminate(),
  };
}
