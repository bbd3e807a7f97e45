/**
 * PC/SC for the Bun runtime: libpcsclite through bun:ffi. The blocking calls run in a Worker
 * (pcsc-worker.ts); this side turns its answers into promises and calls SCardCancel directly, which
 * pcsclite allows from another thread to wake a pending SCardGetStatusChange.
 */
import { existsSync } from "node:fs";
import type { PcscCard, PcscContext, PcscLibrary, PcscLoad, PcscReaderStatus } from "../types.ts";
import { LIBRARY, openPcscLibrary, PCSC_SYMBOLS, type PcscSymbols, type WorkerRequest, type WorkerResponse } from "./pcsc-ffi.ts";
import { pcscWorkerMain } from "./pcsc-worker.ts";

type Pending = { resolve: (v: unknown) => void; reject: (e: Error) => void };

const SCARD_E_NO_SERVICE = 0x8010001d;

/** Where libpcsclite looks for pcscd: its environment variable, else the socket pcscd creates (Debian, Alpine …). */
function pcscdSocketPresent(): boolean {
  const named = process.env.PCSCLITE_CSOCK_NAME;
  if (named) return existsSync(named);
  return existsSync("/run/pcscd/pcscd.comm") || existsSync("/var/run/pcscd/pcscd.comm");
}

/** Error carrying the PC/SC return value in `code`. */
export class PcscCallFailed extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = "PcscCallFailed";
  }
}

type Req = WorkerRequest extends infer R ? (R extends { id: number } ? Omit<R, "id"> : never) : never;

class BunPcscLibrary implements PcscLibrary {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  constructor(
    private readonly library: string,
    private readonly symbols: PcscSymbols,
  ) {}

  private call<T>(req: Req): Promise<T> {
    if (!this.worker) {
      const source = `import * as ffi from "bun:ffi";\n(${pcscWorkerMain.toString()})(ffi, ${JSON.stringify(this.library)}, ${JSON.stringify(PCSC_SYMBOLS)});\n`;
      const worker = new Worker(URL.createObjectURL(new Blob([source], { type: "application/javascript" })));
      worker.onmessage = (e: MessageEvent<WorkerResponse>) => {
        const res = e.data;
        const p = this.pending.get(res.id);
        if (!p) return;
        this.pending.delete(res.id);
        if (res.ok) p.resolve(res.value);
        else p.reject(new PcscCallFailed(res.rv, res.message));
      };
      worker.onerror = (e) => {
        for (const p of this.pending.values()) p.reject(new PcscCallFailed(0, `PC/SC worker failed: ${e.message}`));
        this.pending.clear();
      };
      (worker as unknown as { unref?: () => void }).unref?.(); // the server, not this thread, keeps the process alive
      this.worker = worker;
    }
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker!.postMessage({ ...req, id });
    });
  }

  async establish(): Promise<PcscContext> {
    // The worker thread (a second JavaScript VM, ~6 MB) starts only once pcscd is there to talk to: without its
    // socket, libpcsclite would answer SCARD_E_NO_SERVICE anyway, and most devices never run pcscd.
    if (!this.worker && !pcscdSocketPresent()) throw new PcscCallFailed(SCARD_E_NO_SERVICE, "pcscd is not running (no socket)");
    const ctx = await this.call<bigint>({ op: "establish" });
    const lib = this;
    return {
      listReaders: () => lib.call<string[]>({ op: "list", ctx }),
      getStatusChange: (readers, timeout) =>
        lib.call<PcscReaderStatus[]>({ op: "wait", ctx, readers: readers.map((r) => ({ reader: r.reader, currentState: r.currentState })), timeout }),
      cancel: () => {
        lib.symbols.SCardCancel(ctx);
      },
      async connect(reader: string): Promise<PcscCard> {
        const { card, protocol } = await lib.call<{ card: bigint; protocol: number }>({ op: "connect", ctx, reader });
        return {
          protocol,
          transmit: (apdu) => lib.call<Uint8Array>({ op: "transmit", card, protocol, apdu }),
          disconnect: () => lib.call<void>({ op: "disconnect", card }),
        };
      },
      release: () => lib.call<void>({ op: "release", ctx }),
    };
  }

  close(): void {
    this.worker?.terminate();
    this.worker = null;
    for (const p of this.pending.values()) p.reject(new PcscCallFailed(0, "PC/SC library closed"));
    this.pending.clear();
  }
}

/** Loads libpcsclite (`library`: TAPSERVE_PCSC_LIBRARY or libpcsclite.so.1). */
export function loadBunPcsc(library: string = LIBRARY): PcscLoad {
  if (process.arch !== "x64" && process.arch !== "arm64") return { ok: false, reason: `no PC/SC binding for ${process.arch}` };
  try {
    return { ok: true, library: new BunPcscLibrary(library, openPcscLibrary(library).symbols) };
  } catch (err) {
    return { ok: false, reason: `${library} could not be loaded (${(err as Error).message.split("\n")[0]}); install libpcsclite1` };
  }
}
