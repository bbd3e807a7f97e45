/**
 * An in-memory serial device behind the runtime seam (src/runtime/serial-types.ts), in the zwave-js manner:
 * `fakeSerialRuntime` is the same `openSerial` factory the service uses, and the device adds what a test needs:
 * `emitData()` (the device sends), `writes` / `lastWrite` (what the code under test sent), `unplug()` / `plug()`.
 * Errors, close order and hang-up mirror the Bun adapter (src/runtime/bun/serial.ts + serial-fd.ts); each
 * place says which behaviour it copies. Bytes travel in a microtask, never inside the caller's own call.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { dirname } from "node:path";
import { SERIAL_BAUD_RATES, type SerialBaud, SerialError, type SerialOptions, type SerialPort } from "../../src/runtime/serial-types.ts";
import type { Runtime } from "../../src/runtime/types.ts";

const bytesOf = (data: Uint8Array | string) => (typeof data === "string" ? new TextEncoder().encode(data) : Uint8Array.from(data));

export interface FakeDeviceOptions {
  /** Starts unplugged (a configured port whose device is not there yet). */
  unplugged?: boolean;
  /**
   * A device node that exists while the device is plugged, as udev makes one: drivers tell a replug by the
   * node's identity (src/readers/serial/device-node.ts). A plain file, or with `char` a character device
   * (mknod: root only) that sysfs detection accepts as a tty. Never opened: bytes go through the fake.
   */
  node?: string;
  char?: { major: number; minor: number };
}

/** The end the code under test opens (FdSerialPort's behaviour). */
class FakeSerialPort implements SerialPort {
  private dataListener: ((chunk: Uint8Array) => void) | null = null;
  private closeListener: ((error?: SerialError) => void) | null = null;
  private early: Uint8Array[] = [];
  private stopping: Promise<void> | null = null;
  private endError: SerialError | undefined;

  constructor(
    readonly path: string,
    private readonly device: FakeSerialDevice,
  ) {}

  get isOpen(): boolean {
    return this.stopping === null;
  }

  onData(listener: (chunk: Uint8Array) => void): void {
    this.dataListener = listener;
    for (const chunk of this.early.splice(0)) listener(chunk); // bytes that came before a listener: at once
  }

  onClose(listener: (error?: SerialError) => void): void {
    this.closeListener = listener;
    // Set after the end: still told, once the release is done (as FdSerialPort does).
    if (this.stopping) void this.stopping.then(() => listener(this.endError));
  }

  async write(data: Uint8Array): Promise<void> {
    // After a close or a hang-up the real port refuses with "gone … is closed" (checked on a pty pair).
    if (this.stopping) throw new SerialError("gone", `${this.path} is closed`);
    this.device.received(Uint8Array.from(data));
  }

  close(): Promise<void> {
    return this.end();
  }

  /** A chunk from the device. */
  deliver(chunk: Uint8Array): void {
    if (this.stopping) return;
    if (this.dataListener) this.dataListener(chunk);
    else this.early.push(chunk);
  }

  /** Ends once: `isOpen` turns false at once, the close listener runs after the release, before close() resolves. */
  end(error?: SerialError): Promise<void> {
    if (this.stopping) return this.stopping;
    this.endError = error;
    this.stopping = Promise.resolve().then(() => {
      this.device.released(this);
      this.closeListener?.(error);
    });
    return this.stopping;
  }
}

export class FakeSerialDevice {
  /** Every write of the code under test, one entry per `write()`, across opens. */
  readonly writes: Uint8Array[] = [];
  /** Calls of openSerial for this device, failed ones included. */
  attempts = 0;
  /** Successful opens. */
  opens = 0;
  /** Baud rate of the last successful open. */
  baud: SerialBaud | null = null;
  private port: FakeSerialPort | null = null;
  private plugged: boolean;
  private readonly deviceListeners = new Set<(bytes: Uint8Array) => void>();
  private readonly unplugListeners = new Set<() => void>();

  constructor(private readonly opts: FakeDeviceOptions = {}) {
    this.plugged = !opts.unplugged;
    if (this.plugged) this.makeNode();
  }

  get lastWrite(): Uint8Array | undefined {
    return this.writes.at(-1);
  }

  /** Every byte written so far, in one array. */
  get written(): Uint8Array {
    return Uint8Array.from(this.writes.flatMap((w) => [...w]));
  }

  /** The code under test holds the port open. */
  get isOpen(): boolean {
    return this.port?.isOpen ?? false;
  }

  get isPlugged(): boolean {
    return this.plugged;
  }

  /** The device sends. Dropped while nobody has the port open: the real adapter flushes input on open (TCIOFLUSH). */
  emitData(data: Uint8Array | string): void {
    const port = this.port;
    const chunk = bytesOf(data);
    if (port) queueMicrotask(() => port.deliver(chunk));
  }

  /** Lets a device model (a simulator) react to what the code under test writes. Returns an unsubscribe. */
  onWrite(listener: (bytes: Uint8Array) => void): () => void {
    this.deviceListeners.add(listener);
    return () => this.deviceListeners.delete(listener);
  }

  /**
   * The device vanishes (USB adapter pulled): an open port ends with SerialError "gone" "<path> hung up", the
   * message the Bun adapter reports when a pty's far end goes (its stream ends); later opens fail not-found.
   */
  unplug(): void {
    this.plugged = false;
    if (this.opts.node) rmSync(this.opts.node, { force: true });
    void this.port?.end(new SerialError("gone", `${this.port.path} hung up`));
    for (const l of [...this.unplugListeners]) l();
  }

  /**
   * The device's own end as a SerialPort, for a device model written against ports (Pn532Sim): its writes reach
   * the code under test, it receives what that code writes; close() detaches it, an unplug ends it ("gone").
   */
  deviceEnd(path = "fake-device"): SerialPort {
    let closeListener: ((error?: SerialError) => void) | null = null;
    let stopDevice: (() => void) | null = null;
    let open = true;
    const end = async (error?: SerialError) => {
      if (!open) return;
      open = false;
      stopDevice?.();
      this.unplugListeners.delete(gone);
      closeListener?.(error);
    };
    const gone = () => void end(new SerialError("gone", `${path} hung up`));
    this.unplugListeners.add(gone);
    return {
      path,
      get isOpen() {
        return open;
      },
      onData: (listener) => void (stopDevice = this.onWrite(listener)),
      onClose: (listener) => void (closeListener = listener),
      write: async (data) => {
        if (!open) throw new SerialError("gone", `${path} is closed`);
        this.emitData(data);
      },
      close: () => end(),
    };
  }

  /** The device comes (back), with a new device node. */
  plug(): void {
    this.plugged = true;
    this.makeNode();
  }

  /** Opens as openBunSerial does, with its checks in its order and its error kinds and messages. */
  open(path: string, options: SerialOptions): SerialPort {
    this.attempts++;
    if (!(SERIAL_BAUD_RATES as readonly number[]).includes(options.baud)) throw new SerialError("unsupported", `baud rate ${options.baud} is not supported`);
    if (!this.plugged) throw new SerialError("not-found", `cannot open ${path} (ENOENT)`);
    // The real port is taken exclusively (TIOCEXCL + flock); a second open is refused.
    if (this.port) throw new SerialError("busy", `${path} is held by another program`);
    this.opens++;
    this.baud = options.baud;
    this.port = new FakeSerialPort(path, this);
    return this.port;
  }

  /** @internal the open port wrote. */
  received(bytes: Uint8Array): void {
    this.writes.push(bytes);
    for (const l of this.deviceListeners) queueMicrotask(() => l(bytes));
  }

  /** @internal the open port was released. */
  released(port: FakeSerialPort): void {
    if (this.port === port) this.port = null;
  }

  private makeNode(): void {
    const node = this.opts.node;
    if (!node) return;
    mkdirSync(dirname(node), { recursive: true });
    rmSync(node, { force: true });
    if (!this.opts.char) return writeFileSync(node, "");
    const made = spawnSync("mknod", [node, "c", String(this.opts.char.major), String(this.opts.char.minor)], { encoding: "utf8" });
    if (made.status !== 0) throw new Error(`mknod ${node} failed (root only): ${made.stderr}`);
  }
}

/**
 * `base` with openSerial answered by `ports` (path → device, looked up at each open, so a test may add paths
 * later). A path with no device fails as the Bun adapter fails on a missing node.
 */
export function fakeSerialRuntime(base: Runtime, ports: Map<string, FakeSerialDevice>): Runtime {
  return {
    name: base.name,
    version: base.version,
    serve: (o) => base.serve(o),
    spawn: (argv, o) => base.spawn(argv, o),
    openDatabase: (p) => base.openDatabase(p),
    pcsc: base.pcsc && (() => base.pcsc!()),
    watchMounts: base.watchMounts && ((p, f) => base.watchMounts!(p, f)),
    settled: base.settled && (() => base.settled!()),
    async openSerial(path, options) {
      const device = ports.get(path);
      if (!device) throw new SerialError("not-found", `cannot open ${path} (ENOENT)`);
      return device.open(path, options);
    },
  };
}
