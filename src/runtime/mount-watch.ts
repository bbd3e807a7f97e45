/**
 * Mount table change notification, runtime-neutral half. The kernel flags `/proc/self/mountinfo` with
 * POLLPRI|POLLERR whenever a mount comes or goes (no inotify on procfs, so `fs.watch` never fires); a runtime
 * that can call poll(2) waits on that (src/runtime/bun/mount-watch.ts). Elsewhere, or when that fails, the
 * table is re-read on a slow timer and compared: a few kilobytes from memory, no disk access.
 */
import { readFile } from "node:fs/promises";

export interface MountWatch {
  close(): Promise<void>;
}

export const MOUNT_POLL_FALLBACK_MS = 2000;

/** Calls `onChange` when the file's content differs from the last read (checked every `intervalMs`). */
export function pollMountTable(path: string, onChange: () => void, intervalMs = MOUNT_POLL_FALLBACK_MS): MountWatch {
  let last: string | null = null;
  let busy = false;
  const check = async () => {
    if (busy) return;
    busy = true;
    try {
      const now = await readFile(path, "utf8").catch(() => "");
      if (last !== null && now !== last) onChange();
      last = now;
    } finally {
      busy = false;
    }
  };
  void check();
  const timer = setInterval(() => void check(), intervalMs);
  timer.unref?.();
  return {
    async close() {
      clearInterval(timer);
    },
  };
}
