/**
 * The libpcsclite symbols through bun:ffi, for 64-bit Linux where pcsclite's DWORD and LONG are 8 bytes
 * (`unsigned long` / `long`). One table, plain data: the main thread opens it to check the library is there
 * and for SCardCancel; the worker (pcsc-worker.ts, started from source text) gets the same table as JSON.
 */
import { dlopen, FFIType, type FFIFunction } from "bun:ffi";

export const LIBRARY = process.env.TAPSERVE_PCSC_LIBRARY || "libpcsclite.so.1";

const L = "i64";
const D = "u64";
const P = "ptr";

/** SCard* functions as bun:ffi declares them (type names, so the table survives JSON into the worker). */
export const PCSC_SYMBOLS = {
  SCardEstablishContext: { args: [D, P, P, P], returns: L },
  SCardReleaseContext: { args: [L], returns: L },
  SCardListReaders: { args: [L, P, P, P], returns: L },
  SCardGetStatusChange: { args: [L, D, P, D], returns: L },
  SCardConnect: { args: [L, P, D, D, P, P], returns: L },
  SCardTransmit: { args: [L, P, P, D, P, P, P], returns: L },
  SCardDisconnect: { args: [L, D], returns: L },
  SCardCancel: { args: [L], returns: L },
} as const satisfies Record<string, FFIFunction>;

/**
 * Bun's `process.env` is not the C environment, so a socket path set at run time (tests do) would not reach
 * libpcsclite's getenv. Copy the one variable it reads across before the library is used.
 */
function exportSocketName(): void {
  const name = process.env.PCSCLITE_CSOCK_NAME;
  if (!name) return;
  try {
    const libc = dlopen("libc.so.6", { setenv: { args: [FFIType.ptr, FFIType.ptr, FFIType.i32], returns: FFIType.i32 } });
    libc.symbols.setenv(Buffer.from("PCSCLITE_CSOCK_NAME\0"), Buffer.from(`${name}\0`), 1);
  } catch {
    // Not glibc: the variable then only works when set before the process starts.
  }
}

export function openPcscLibrary(library: string = LIBRARY) {
  exportSocketName();
  return dlopen(library, PCSC_SYMBOLS);
}

export type PcscSymbols = ReturnType<typeof openPcscLibrary>["symbols"];

/** Requests from the main thread to the worker, and the worker's answers. */
export type WorkerRequest =
  | { id: number; op: "establish" }
  | { id: number; op: "list"; ctx: bigint }
  | { id: number; op: "wait"; ctx: bigint; readers: Array<{ reader: string; currentState: number }>; timeout: number }
  | { id: number; op: "connect"; ctx: bigint; reader: string }
  | { id: number; op: "transmit"; card: bigint; protocol: number; apdu: Uint8Array }
  | { id: number; op: "disconnect"; card: bigint }
  | { id: number; op: "release"; ctx: bigint };

export type WorkerResponse = { id: number; ok: true; value: unknown } | { id: number; ok: false; rv: number; message: string };
