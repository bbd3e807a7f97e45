/**
 * Kernel uevents (device add/remove) for hot-plug, runtime-neutral half. A runtime that can open a
 * NETLINK_KOBJECT_UEVENT socket (Bun, through libc) hands the raw bytes of each read to `message`; splitting
 * them is src/core/uevent-batch.ts, parsing src/core/uevent.ts. Where no socket can be had (Node, no libc, a
 * sandbox without netlink) callers poll.
 */

export interface UeventHandlers {
  /**
   * The bytes of one read, not yet parsed: one message (the kernel's, or udev's repeat of it) or several back
   * to back (a read drains the socket).
   */
  message(bytes: Uint8Array): void;
  /** The kernel dropped messages (receive buffer overrun): whatever was missed must be looked up again. */
  overrun?(): void;
  /** The socket could not be opened, or failed for good: the caller falls back to polling. */
  failed(reason: string): void;
}

export interface UeventWatch {
  close(): Promise<void>;
}
