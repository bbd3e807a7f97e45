/**
 * Kernel uevents on Bun: a Worker opens a NETLINK_KOBJECT_UEVENT socket bound to the kernel's multicast group
 * and udev's (which repeats each event once its rules have set the node's owner and mode), with socket/bind/recv
 * in libc through bun:ffi, and blocks in poll(2) on it and on an eventfd that ends it, so an
 * idle system costs nothing and a plugged device is seen the moment the kernel announces it. Each message is
 * posted raw to the main thread. Anyone may listen to that group; only root can send to it.
 */
import { startPollThread } from "./poll-thread.ts";
import type { UeventHandlers, UeventWatch } from "../uevent-types.ts";

type WorkerMessage =
  | { type: "ready"; stopFd: number }
  | { type: "message"; bytes: Uint8Array }
  | { type: "overrun" }
  | { type: "failed"; reason: string }
  | { type: "closed" };

/** Runs inside the Worker; self-contained (it is sent as source text). */
function ueventWorkerMain(ffi: typeof import("bun:ffi"), post: (m: WorkerMessage) => void): void {
  const { dlopen, FFIType, ptr, read } = ffi;
  const i32 = FFIType.i32;
  let lib;
  try {
    lib = dlopen("libc.so.6", {
      socket: { args: [i32, i32, i32], returns: i32 },
      bind: { args: [i32, FFIType.ptr, FFIType.u32], returns: i32 },
      setsockopt: { args: [i32, i32, i32, FFIType.ptr, FFIType.u32], returns: i32 },
      recv: { args: [i32, FFIType.ptr, FFIType.u64, i32], returns: FFIType.i64 },
      poll: { args: [FFIType.ptr, FFIType.u64, i32], returns: i32 },
      eventfd: { args: [FFIType.u32, i32], returns: i32 },
      close: { args: [i32], returns: i32 },
      __errno_location: { args: [], returns: FFIType.ptr },
    }).symbols;
  } catch (err) {
    post({ type: "failed", reason: `cannot load libc: ${(err as Error).message}` });
    return;
  }
  const errno = () => read.i32(lib.__errno_location()!, 0);
  const AF_NETLINK = 16;
  const SOCK_DGRAM = 2;
  const SOCK_CLOEXEC = 0o2000000;
  const NETLINK_KOBJECT_UEVENT = 15;
  const KERNEL_AND_UDEV_GROUPS = 1 | 2;
  const SOL_SOCKET = 1;
  const SO_RCVBUF = 8;
  const MSG_DONTWAIT = 0x40;
  const POLLIN = 1;
  const EINTR = 4;
  const ENOBUFS = 105;
  const fd = lib.socket(AF_NETLINK, SOCK_DGRAM | SOCK_CLOEXEC, NETLINK_KOBJECT_UEVENT);
  if (fd < 0) {
    post({ type: "failed", reason: `socket(AF_NETLINK, NETLINK_KOBJECT_UEVENT) failed (errno ${errno()})` });
    return;
  }
  const addr = new DataView(new ArrayBuffer(12)); // struct sockaddr_nl { u16 family; u16 pad; u32 pid; u32 groups; }
  addr.setUint16(0, AF_NETLINK, true);
  addr.setUint32(8, KERNEL_AND_UDEV_GROUPS, true);
  if (lib.bind(fd, ptr(addr), 12) < 0) {
    const e = errno();
    lib.close(fd);
    post({ type: "failed", reason: `binding the uevent socket failed (errno ${e})` });
    return;
  }
  const size = new Int32Array([1 << 20]); // room for a burst (a hub with many devices); best effort
  lib.setsockopt(fd, SOL_SOCKET, SO_RCVBUF, ptr(size), 4);
  const stopFd = lib.eventfd(0, SOCK_CLOEXEC);
  if (stopFd < 0) {
    lib.close(fd);
    post({ type: "failed", reason: "eventfd failed" });
    return;
  }
  post({ type: "ready", stopFd });
  const fds = new DataView(new ArrayBuffer(16)); // two struct pollfd { int fd; short events; short revents; }
  fds.setInt32(0, fd, true);
  fds.setInt16(4, POLLIN, true);
  fds.setInt32(8, stopFd, true);
  fds.setInt16(12, POLLIN, true);
  const buf = new Uint8Array(16384);
  let failures = 0;
  for (;;) {
    fds.setInt16(6, 0, true);
    fds.setInt16(14, 0, true);
    const n = lib.poll(ptr(fds), 2, -1);
    if (n < 0) {
      if (errno() === EINTR) continue;
      if (++failures > 10) break;
      continue;
    }
    if (fds.getInt16(14, true) !== 0) break;
    if (fds.getInt16(6, true) === 0) continue;
    for (;;) {
      const got = Number(lib.recv(fd, ptr(buf), buf.length, MSG_DONTWAIT));
      if (got > 0) post({ type: "message", bytes: buf.slice(0, got) });
      else if (got < 0 && errno() === ENOBUFS) post({ type: "overrun" });
      else break; // drained (EAGAIN), EINTR, or an empty datagram: back to poll
    }
  }
  lib.close(fd);
  lib.close(stopFd);
  post({ type: "closed" });
}

export function watchUeventsBun(handlers: UeventHandlers): UeventWatch {
  if (process.platform !== "linux") {
    queueMicrotask(() => handlers.failed("uevents are Linux only"));
    return { close: async () => {} };
  }
  const source = `import * as ffi from "bun:ffi";\n(${ueventWorkerMain.toString()})(ffi, (m) => postMessage(m));\n`;
  return startPollThread<{ type: "message"; bytes: Uint8Array } | { type: "overrun" }>(source, "uevent", {
    message: (m) => (m.type === "message" ? handlers.message(m.bytes) : handlers.overrun?.()),
    ended: (reason) => handlers.failed(reason ?? "the uevent socket stopped working"),
  });
}
