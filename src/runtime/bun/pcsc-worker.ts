/**
 * Runs the blocking libpcsclite calls on their own thread so the service's event loop never waits on the
 * daemon. One request at a time, in order; the main thread interrupts a wait with SCardCancel.
 *
 * The worker is started from a Blob made of `pcscWorkerMain.toString()`, so it also runs inside a
 * `bun build --compile` executable without a second entry point. The function must therefore be
 * self-contained: it uses nothing from this module's scope, only its arguments and globals; the symbol table
 * (pcsc-ffi.ts PCSC_SYMBOLS) arrives as an argument.
 */
import type * as BunFfi from "bun:ffi";
import type { PCSC_SYMBOLS, WorkerRequest, WorkerResponse } from "./pcsc-ffi.ts";

export function pcscWorkerMain(ffi: typeof BunFfi, library: string, symbols: typeof PCSC_SYMBOLS): void {
  const { dlopen, ptr } = ffi;
  const { symbols: pcsc } = dlopen(library, symbols);
  const READERSTATE_SIZE = 80; // sizeof(SCARD_READERSTATE) on LP64: 5 × 8 bytes, 33 ATR bytes, padding
  const MAX_ATR = 33;
  const SCARD_SCOPE_SYSTEM = 2;
  const SCARD_SHARE_SHARED = 2;
  const SCARD_PROTOCOL_T0_T1 = 3;
  const SCARD_LEAVE_CARD = 0;
  const SCARD_E_INSUFFICIENT_BUFFER = 0x80100008;
  const SCARD_E_NO_READERS_AVAILABLE = 0x8010002e;
  const scope = self as unknown as { onmessage: ((e: MessageEvent<WorkerRequest>) => void) | null; postMessage(m: WorkerResponse): void };

  class PcscCallError extends Error {
    constructor(
      readonly rv: number,
      what: string,
    ) {
      super(`${what} failed: 0x${rv.toString(16)}`);
    }
  }
  const rvOf = (rv: bigint | number) => Number(BigInt.asUintN(32, BigInt(rv)));
  const check = (rv: bigint | number, what: string) => {
    const n = rvOf(rv);
    if (n !== 0) throw new PcscCallError(n, what);
  };
  const cstr = (s: string) => Buffer.from(`${s}\0`, "utf8");

  function run(req: WorkerRequest): unknown {
    switch (req.op) {
      case "establish": {
        const out = new BigInt64Array(1);
        check(pcsc.SCardEstablishContext(SCARD_SCOPE_SYSTEM, null, null, ptr(out)), "SCardEstablishContext");
        return out[0]!;
      }
      case "list": {
        const len = new BigUint64Array([65536n]);
        const buf = Buffer.alloc(65536);
        const rv = rvOf(pcsc.SCardListReaders(req.ctx, null, ptr(buf), ptr(len)));
        if (rv === SCARD_E_NO_READERS_AVAILABLE) return [];
        if (rv === SCARD_E_INSUFFICIENT_BUFFER) throw new PcscCallError(rv, "SCardListReaders");
        check(rv, "SCardListReaders");
        return buf
          .subarray(0, Number(len[0]))
          .toString("utf8")
          .split("\0")
          .filter((s) => s.length > 0);
      }
      case "wait": {
        const n = req.readers.length;
        const states = Buffer.alloc(READERSTATE_SIZE * n);
        const names = req.readers.map((r) => cstr(r.reader));
        const view = new DataView(states.buffer, states.byteOffset, states.byteLength);
        req.readers.forEach((r, i) => {
          const o = i * READERSTATE_SIZE;
          view.setBigUint64(o, BigInt(ptr(names[i]!)), true);
          view.setBigUint64(o + 16, BigInt(r.currentState >>> 0), true);
        });
        check(pcsc.SCardGetStatusChange(req.ctx, req.timeout >>> 0, ptr(states), n), "SCardGetStatusChange");
        return req.readers.map((r, i) => {
          const o = i * READERSTATE_SIZE;
          const atrLen = Math.min(MAX_ATR, Number(view.getBigUint64(o + 32, true)));
          return { reader: r.reader, eventState: Number(view.getBigUint64(o + 24, true) & 0xffffffffn), atr: states.slice(o + 40, o + 40 + atrLen) };
        });
      }
      case "connect": {
        const card = new BigInt64Array(1);
        const proto = new BigUint64Array(1);
        check(pcsc.SCardConnect(req.ctx, ptr(cstr(req.reader)), SCARD_SHARE_SHARED, SCARD_PROTOCOL_T0_T1, ptr(card), ptr(proto)), "SCardConnect");
        return { card: card[0]!, protocol: Number(proto[0]) };
      }
      case "transmit": {
        const pci = new BigUint64Array([BigInt(req.protocol), 16n]);
        const send = Buffer.from(req.apdu);
        const recv = Buffer.alloc(264);
        const recvLen = new BigUint64Array([BigInt(recv.length)]);
        check(pcsc.SCardTransmit(req.card, ptr(pci), ptr(send), send.length, null, ptr(recv), ptr(recvLen)), "SCardTransmit");
        return new Uint8Array(recv.subarray(0, Number(recvLen[0])));
      }
      case "disconnect":
        check(pcsc.SCardDisconnect(req.card, SCARD_LEAVE_CARD), "SCardDisconnect");
        return null;
      case "release":
        check(pcsc.SCardReleaseContext(req.ctx), "SCardReleaseContext");
        return null;
    }
  }

  scope.onmessage = (event) => {
    const req = event.data;
    let res: WorkerResponse;
    try {
      res = { id: req.id, ok: true, value: run(req) };
    } catch (err) {
      res = err instanceof PcscCallError ? { id: req.id, ok: false, rv: err.rv, message: err.message } : { id: req.id, ok: false, rv: 0, message: String(err) };
    }
    scope.postMessage(res);
  };
}
