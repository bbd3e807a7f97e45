/**
 * The main-thread side of a Worker that blocks in poll(2) through bun:ffi (uevents, mount table changes): the
 * Worker is built from self-contained source text, reports `{type: "ready", stopFd}` once it polls (an eventfd
 * in its poll set), `{type: "failed", reason}` when it cannot start, and `{type: "closed"}` when its loop ends;
 * every other message is the caller's. Closing writes to the eventfd, so the thread leaves poll(2) and closes
 * its own descriptors before it is terminated.
 */
import { writeSync } from "node:fs";

type LifeMessage = { type: "ready"; stopFd: number } | { type: "failed"; reason: string } | { type: "closed" };

export interface PollThreadHandlers<M> {
  /** The thread polls (its set-up done). */
  ready?(): void;
  message(m: M): void;
  /** The thread could not start (`reason`) or its loop ended on its own (no reason); never after close(). */
  ended(reason: string | undefined): void;
}

export interface PollThread {
  close(): Promise<void>;
}

/** How long close() waits for the thread to get ready, then to leave its loop, before terminating it. */
const CLOSE_WAIT_MS = 1000;

const within = (p: Promise<unknown>) => Promise.race([p, new Promise((r) => setTimeout(r, CLOSE_WAIT_MS))]);

/** Starts the thread from `source` (an ES module that may import bun:ffi and calls postMessage). */
export function startPollThread<M extends { type: string }>(source: string, name: string, handlers: PollThreadHandlers<M>): PollThread {
  let stopFd = -1;
  let closed = false;
  let worker: Worker | null = null;
  let ended: () => void = () => {};
  const done = new Promise<void>((r) => (ended = r));
  let readied: () => void = () => {};
  const ready = new Promise<void>((r) => (readied = r));
  const end = (reason: string | undefined) => {
    worker?.terminate();
    worker = null;
    readied();
    ended();
    if (!closed) handlers.ended(reason);
  };
  try {
    worker = new Worker(URL.createObjectURL(new Blob([source], { type: "application/javascript" })));
    worker.onmessage = (e: MessageEvent<LifeMessage | M>) => {
      const m = e.data;
      if (m.type === "ready") {
        stopFd = (m as LifeMessage & { type: "ready" }).stopFd;
        readied();
        if (!closed) handlers.ready?.();
      } else if (m.type === "failed") end((m as LifeMessage & { type: "failed" }).reason);
      else if (m.type === "closed") end(undefined);
      else if (!closed) handlers.message(m as M);
    };
    worker.onerror = (e) => end(`the ${name} thread failed: ${e.message}`);
    (worker as unknown as { unref?: () => void }).unref?.();
  } catch (err) {
    const reason = (err as Error).message;
    queueMicrotask(() => end(reason));
  }
  return {
    async close() {
      closed = true;
      if (!worker) return;
      await within(Promise.race([ready, done]));
      if (stopFd >= 0) {
        const one = new Uint8Array(8);
        one[0] = 1;
        try {
          writeSync(stopFd, one);
        } catch {}
        await within(done);
      }
      worker?.terminate();
      worker = null;
    },
  };
}
