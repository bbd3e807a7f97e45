/**
 * Kernel uevents on Bun: a NETLINK_KOBJECT_UEVENT socket bound to the kernel's multicast group and udev's (which
 * repeats each event once its rules have set the node's owner and mode), opened with socket/bind in libc through
 * bun:ffi and read on the main thread by Bun's own event loop (a stream of the descriptor): an idle system costs
 * nothing, a plugged device is seen the moment the kernel announces it, and no second JavaScript VM is kept for
 * it (a Worker blocking in poll(2) held ~4 MB for the life of the service). A read drains the socket, so it may
 * hold several messages back to back: they are handed on as read (src/core/uevent-batch.ts cuts them apart).
 * Anyone may listen to that group; only root can send to it.
 */
import type { UeventHandlers, UeventWatch } from "../uevent-types.ts";

const AF_NETLINK = 16;
const SOCK_DGRAM = 2;
const SOCK_NONBLOCK = 0o4000;
const SOCK_CLOEXEC = 0o2000000;
const NETLINK_KOBJECT_UEVENT = 15;
const KERNEL_AND_UDEV_GROUPS = 1 | 2;
const SOL_SOCKET = 1;
const SO_RCVBUF = 8;
/** Room for a burst (a hub with many devices); best effort. */
const RECEIVE_BUFFER_BYTES = 1 << 20;

interface Libc {
  socket(domain: number, type: number, protocol: number): number;
  bind(fd: number, addr: unknown, len: number): number;
  setsockopt(fd: number, level: number, name: number, value: unknown, len: number): number;
  close(fd: number): number;
}

/** The bound socket's descriptor, or why there is none. */
async function openSocket(): Promise<{ fd: number; libc: Libc } | { reason: string }> {
  let ffi: typeof import("bun:ffi");
  let libc: Libc;
  try {
    ffi = await import("bun:ffi");
    const { dlopen, FFIType } = ffi;
    const i32 = FFIType.i32;
    libc = dlopen("libc.so.6", {
      socket: { args: [i32, i32, i32], returns: i32 },
      bind: { args: [i32, FFIType.ptr, FFIType.u32], returns: i32 },
      setsockopt: { args: [i32, i32, i32, FFIType.ptr, FFIType.u32], returns: i32 },
      close: { args: [i32], returns: i32 },
    }).symbols as unknown as Libc;
  } catch (err) {
    return { reason: `cannot load libc: ${(err as Error).message}` };
  }
  const fd = libc.socket(AF_NETLINK, SOCK_DGRAM | SOCK_NONBLOCK | SOCK_CLOEXEC, NETLINK_KOBJECT_UEVENT);
  if (fd < 0) return { reason: "socket(AF_NETLINK, NETLINK_KOBJECT_UEVENT) failed" };
  const addr = new DataView(new ArrayBuffer(12)); // struct sockaddr_nl { u16 family; u16 pad; u32 pid; u32 groups; }
  addr.setUint16(0, AF_NETLINK, true);
  addr.setUint32(8, KERNEL_AND_UDEV_GROUPS, true);
  if (libc.bind(fd, ffi.ptr(addr), 12) < 0) {
    libc.close(fd);
    return { reason: "binding the uevent socket failed" };
  }
  libc.setsockopt(fd, SOL_SOCKET, SO_RCVBUF, ffi.ptr(new Int32Array([RECEIVE_BUFFER_BYTES])), 4);
  return { fd, libc };
}

const isOverrun = (err: unknown) => (err as { code?: string } | null)?.code === "ENOBUFS";

export function watchUeventsBun(handlers: UeventHandlers): UeventWatch {
  if (process.platform !== "linux") {
    queueMicrotask(() => handlers.failed("uevents are Linux only"));
    return { close: async () => {} };
  }
  let closed = false;
  let reader: ReadableStreamDefaultReader<Uint8Array> | null = null;
  const run = (async () => {
    const socket = await openSocket();
    if ("reason" in socket) {
      if (!closed) handlers.failed(socket.reason);
      return;
    }
    try {
      let failure: string | null = null;
      while (!closed && failure === null) {
        // a fresh stream of the same socket after an overrun: the kernel's error ends the stream, not the socket
        reader = Bun.file(socket.fd).stream().getReader();
        try {
          for (;;) {
            const chunk = await reader.read();
            if (chunk.done) {
              if (!closed) failure = "the uevent socket stopped working";
              break;
            }
            if (!closed) handlers.message(chunk.value);
          }
        } catch (err) {
          if (closed) break;
          if (isOverrun(err)) handlers.overrun?.();
          else failure = `reading the uevent socket failed: ${(err as Error).message}`;
        }
      }
      if (failure !== null && !closed) handlers.failed(failure);
    } finally {
      socket.libc.close(socket.fd);
    }
  })();
  return {
    async close() {
      closed = true;
      await reader?.cancel().catch(() => {});
      await run;
    },
  };
}
