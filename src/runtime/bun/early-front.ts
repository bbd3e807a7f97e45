import type { ThreadLink } from "../types.ts";

/**
 * A Bun Worker for the listen front (api/listen-front-worker.ts): its own event loop keeps answering while the
 * main thread loads the service's modules. In a compiled binary the module is an extra entry point of the
 * build (build/release/compile.ts), found by its path inside the binary; from source, by its file URL.
 */
export function startBunThread(entry: { url: string; bundledPath: string }): ThreadLink {
  const compiled = import.meta.url.includes("/$bunfs/");
  const worker = new Worker(compiled ? entry.bundledPath : entry.url);
  return {
    post: (message) => worker.postMessage(message),
    onMessage: (handler) => {
      worker.onmessage = (e: MessageEvent) => handler(e.data);
    },
    onError: (handler) => {
      worker.onerror = (e) => handler(e.message);
    },
    terminate: () => worker.terminate(),
  };
}
