/**
 * Mount table changes on Bun: a Worker blocks in poll(2) (through bun:ffi) on `/proc/self/mountinfo` for
 * POLLPRI, so a mount or unmount is seen at once and an idle system costs nothing; an eventfd in the same poll
 * set ends it. If libc or the Worker cannot be used, the slow re-read fallback takes over.
 */
import { readFileSync } from "node:fs";
import { MOUNT_POLL_FALLBACK_MS, type MountWatch, pollMountTable } from "../mount-watch.ts";
import { log } from "../../log.ts";
import { startPollThread } from "./poll-thread.ts";

const logger = log.withTag("runtime");

type WorkerMessage = { type: "ready"; stopFd: number } | { type: "change" } | { type: "failed"; reason: string } | { type: "closed" };

/** Runs inside the Worker; self-contained (it is sent as source text). */
function mountWatchWorkerMain(ffi: typeof import("bun:ffi"), path: string, post: (m: WorkerMessage) => void): void {
  const { dlopen, FFIType, ptr, read } = ffi;
  const i32 = FFIType.i32;
  let lib;
  try {
    lib = dlopen("libc.so.6", {
      open: { args: [FFIType.ptr, i32], returns: i32 },
      poll: { args: [FFIType.ptr, FFIType.u64, i32], returns: i32 },
      eventfd: { args: [FFIType.u32, i32], returns: i32 },
      close: { args: [i32], returns: i32 },
      __errno_location: { args: [], returns: FFIType.ptr },
    }).symbols;
  } catch (err) {
    post({ type: "failed", reason: `cannot load libc: ${(err as Error).message}` });
    return;
  }
  const O_CLOEXEC = 0o2000000;
  const POLLIN = 1;
  const POLLPRI = 2;
  const POLLERR = 8;
  const EINTR = 4;
  const name = new TextEncoder().encode(`${path}\0`);
  const fd = lib.open(ptr(name), O_CLOEXEC);
  const stopFd = lib.eventfd(0, O_CLOEXEC);
  if (fd < 0 || stopFd < 0) {
    if (fd >= 0) lib.close(fd);
    if (stopFd >= 0) lib.close(stopFd);
    post({ type: "failed", reason: `cannot open ${path}` });
    return;
  }
  post({ type: "ready", stopFd });
  const fds = new ArrayBuffer(16); // two struct pollfd { int fd; short events; short revents; }
  const view = new DataView(fds);
  view.setInt32(0, fd, true);
  view.setInt16(4, POLLPRI, true);
  view.setInt32(8, stopFd, true);
  view.setInt16(12, POLLIN, true);
  let failures = 0;
  for (;;) {
    view.setInt16(6, 0, true);
    view.setInt16(14, 0, true);
    const n = lib.poll(ptr(fds), 2, -1);
    if (n < 0) {
      const errno = read.i32(lib.__errno_location()!, 0);
      if (errno === EINTR) continue;
      if (++failures > 10) break;
      continue;
    }
    if (view.getInt16(14, true) !== 0) break;
    if (view.getInt16(6, true) & (POLLPRI | POLLERR)) post({ type: "change" });
  }
  lib.close(fd);
  lib.close(stopFd);
  post({ type: "closed" });
}

/** The mount table's text, or "" when it cannot be read. */
function readTable(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return "";
  }
}

export function watchMountsBun(path: string, onChange: () => void): MountWatch {
  const atStart = readTable(path);
  let fallback: MountWatch | null = null;
  let closed = false;
  const source = `import * as ffi from "bun:ffi";\n(${mountWatchWorkerMain.toString()})(ffi, ${JSON.stringify(path)}, (m) => postMessage(m));\n`;
  const thread = startPollThread<{ type: "change" }>(source, "mount watcher", {
    // the thread sees changes from when it opened the table on: one made while it was starting (after the
    // caller's own read) is reported now rather than lost
    ready: () => void (readTable(path) !== atStart && onChange()),
    message: () => onChange(),
    ended: (reason) => {
      logger.warn(`mount changes are checked every ${MOUNT_POLL_FALLBACK_MS / 1000} s instead of waited for: ${reason ?? "the watcher thread stopped"}`);
      if (!closed) fallback = pollMountTable(path, onChange);
    },
  });
  return {
    async close() {
      closed = true;
      await fallback?.close();
      await thread.close();
    },
  };
}
