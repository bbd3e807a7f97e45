/**
 * Counting a folder's entries without a JS string per entry: the folder is opened with node:fs, its entries
 * are read with getdents64 (through bun:ffi, into one reused buffer) and only counted. A re-index of an
 * unchanged tree counts every folder; readdir there built 250k names (and Dirents) only to take their number.
 * libc's own `getdents64` (glibc >= 2.30) is called when it has one, else the raw syscall by its number.
 */
import { dlopen, FFIType, ptr, read } from "bun:ffi";
import { closeSync, constants as fsConstants, openSync } from "node:fs";
import { errnoName } from "./errno-name.ts";

const SYSCALL_GETDENTS64: Record<string, number> = { x64: 217, arm64: 61 };
const BUFFER_BYTES = 64 * 1024;

type Getdents = (fd: number, buf: number, size: number) => number;
interface Libc {
  getdents: Getdents;
  errno(): number;
}

let libc: Libc | null | undefined;

function loadLibc(): Libc | null {
  if (libc !== undefined) return libc;
  libc = null;
  if (process.platform !== "linux") return libc;
  const errno = { __errno_location: { args: [], returns: FFIType.ptr } } as const;
  try {
    const lib = dlopen("libc.so.6", { getdents64: { args: [FFIType.i32, FFIType.u64, FFIType.u64], returns: FFIType.i64_fast }, ...errno }).symbols;
    libc = { getdents: (fd, buf, size) => Number(lib.getdents64(fd, buf, size)), errno: () => read.i32(lib.__errno_location()!, 0) };
  } catch {
    const nr = SYSCALL_GETDENTS64[process.arch];
    if (nr === undefined) return libc;
    try {
      const lib = dlopen("libc.so.6", { syscall: { args: [FFIType.i64, FFIType.i64, FFIType.u64, FFIType.u64], returns: FFIType.i64_fast }, ...errno }).symbols;
      libc = { getdents: (fd, buf, size) => Number(lib.syscall(nr, fd, buf, size)), errno: () => read.i32(lib.__errno_location()!, 0) };
    } catch {}
  }
  return libc;
}

let buffer: Uint8Array | null = null;
let bufferPtr = 0;


/**
 * The number of entries in folder `path` (without `.` and `..`), as `readdirSync(path).length` gives it. Throws
 * as readdirSync does (an Error with `code`: ENOENT, EACCES, ENOTDIR …). Null when this machine cannot count
 * natively (no libc getdents64): the caller reads the folder instead.
 */
export function countDirEntriesBun(path: string): number | null {
  const lib = loadLibc();
  if (!lib) return null;
  if (!buffer) {
    buffer = new Uint8Array(BUFFER_BYTES);
    bufferPtr = ptr(buffer);
  }
  const buf = buffer;
  const fd = openSync(path, fsConstants.O_RDONLY | fsConstants.O_DIRECTORY);
  try {
    let count = 0;
    for (;;) {
      const n = lib.getdents(fd, bufferPtr, BUFFER_BYTES);
      if (n === 0) return count;
      if (n < 0) {
        const code = errnoName(lib.errno());
        throw Object.assign(new Error(`${code}: cannot read folder ${path}`), { code });
      }
      // struct linux_dirent64: d_ino u64, d_off s64, d_reclen u16 (at 16), d_type u8 (at 18), d_name (at 19)
      for (let at = 0; at < n; at += buf[at + 16]! | (buf[at + 17]! << 8)) {
        if (buf[at + 19] === 46 && (buf[at + 20] === 0 || (buf[at + 20] === 46 && buf[at + 21] === 0))) continue; // . and ..
        count++;
      }
    }
  } finally {
    closeSync(fd);
  }
}
