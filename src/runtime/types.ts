import type { MountWatch } from "./mount-watch.ts";
import type { UeventHandlers, UeventWatch } from "./uevent-types.ts";
import type { SerialOptions, SerialPort } from "./serial-types.ts";
import type { UinputLoad } from "./uinput-types.ts";
import type { I2cDevice, SpiDevice, SpiOptions } from "./i2c-spi-types.ts";

export type { SerialOptions, SerialPort } from "./serial-types.ts";
export type { I2cDevice, SpiDevice, SpiOptions } from "./i2c-spi-types.ts";
export type { UeventHandlers, UeventWatch } from "./uevent-types.ts";
export type { UinputDevice, UinputDeviceSetup, UinputFactory, UinputLoad } from "./uinput-types.ts";

/**
 * The runtime seam. Everything that differs between Bun (the product on x64/arm64) and Node (the armv7
 * carrier for MiSTer) sits behind this interface; no file outside src/runtime/ names a runtime.
 */

/** What the transport knows about the other end of a connection. */
export interface PeerInfo {
  /** IP address of the peer as the socket reports it (may be an IPv4-mapped IPv6 address). */
  readonly remoteAddress: string;
  /** True when the connection arrived over TLS (wss / https). */
  readonly secure: boolean;
}

/** Result of queueing a frame on a socket. */
export type SendStatus = "sent" | "queued" | "dropped";

/** One accepted WebSocket connection, as the application sees it. */
export interface SocketConnection {
  readonly peer: PeerInfo;
  readonly path: string;
  /** Bytes accepted by `send` but not yet written to the kernel. */
  readonly bufferedAmount: number;
  send(text: string): SendStatus;
  close(code?: number, reason?: string): void;
  /** Opaque slot the application uses to find its per-connection state. */
  state: unknown;
}

export interface SocketHandlers {
  open(conn: SocketConnection): void;
  message(conn: SocketConnection, data: string | Uint8Array): void;
  close(conn: SocketConnection, code: number, reason: string): void;
  /** The socket's send buffer emptied after back-pressure. */
  drain?(conn: SocketConnection): void;
}

export interface TlsFiles {
  certPath: string;
  keyPath: string;
}

export interface ServeOptions {
  hostname: string;
  port: number;
  /** Frames larger than this are refused by the transport itself (close 1009). */
  maxFrameBytes: number;
  /** Send buffer size past which a socket counts as stalled. */
  backpressureLimitBytes: number;
  idleTimeoutSeconds: number;
  tls?: TlsFiles;
  /** Paths on which a WebSocket upgrade is accepted. */
  isSocketPath(path: string): boolean;
  /**
   * Asked before upgrading a request on a socket path: a Response refuses the upgrade and is sent as the
   * answer (e.g. 403 for a foreign Origin); `undefined` upgrades.
   */
  acceptSocket?(request: Request, peer: PeerInfo): Response | undefined;
  /** Request bodies past this size are refused by the transport (413), also chunked ones, before they are read. */
  maxBodyBytes: number;
  /**
   * Seconds an HTTP connection may stay silent (between requests, or while sending one) before it is closed;
   * event-stream responses are exempt.
   */
  httpIdleTimeoutSeconds: number;
  fetch(request: Request, peer: PeerInfo): Response | Promise<Response>;
  socket: SocketHandlers;
}

export interface RunningServer {
  readonly port: number;
  readonly hostname: string;
  /** Stops accepting new connections; with `closeActive`, also drops the open ones. */
  stop(closeActive: boolean): Promise<void>;
}

export type SqlValue = string | number | bigint | null | Uint8Array;
export type SqlRow = Record<string, SqlValue>;

export interface SqlStatement {
  run(...params: SqlValue[]): { changes: number; lastInsertRowid: number };
  get<R = SqlRow>(...params: SqlValue[]): R | undefined;
  all<R = SqlRow>(...params: SqlValue[]): R[];
}

export interface SqlDatabase {
  exec(sql: string): void;
  prepare(sql: string): SqlStatement;
  close(): void;
}

export interface SpawnOptions {
  /** Own process group, not tied to the service: it may outlive it, and `kill` signals the whole group. */
  detached?: boolean;
  env?: Record<string, string | undefined>;
  /** Written to the program's standard input, which is then closed (else stdin is /dev/null). */
  stdin?: Uint8Array;
  /** Keep up to this many characters of standard error for `exited` (else it is discarded, as stdout always is). */
  keepStderr?: number;
  /** SIGKILL when this aborts. */
  signal?: AbortSignal;
  /** SIGKILL after this many milliseconds. */
  timeoutMs?: number;
}

export interface ProcessExit {
  code: number | null;
  signal: string | null;
  stderr: string;
  /** Killed because `timeoutMs` ran out / because `signal` aborted. */
  timedOut: boolean;
  aborted: boolean;
}

/** A started program. */
export interface ChildProcessHandle {
  readonly pid: number;
  /** Resolves once the program has ended and its output is closed. */
  readonly exited: Promise<ProcessExit>;
  /** Sends a signal (to the whole group when detached); a program already gone is ignored. */
  kill(signal: "SIGTERM" | "SIGKILL"): void;
}

export interface Runtime {
  readonly name: "bun" | "node";
  readonly version: string;
  serve(options: ServeOptions): Promise<RunningServer>;
  /**
   * Starts a program (no shell). Resolves once it runs; rejects with an Error whose message (and `code`) says
   * why it could not start: ENOENT, EACCES …
   */
  spawn(argv: readonly string[], options?: SpawnOptions): Promise<ChildProcessHandle>;
  /** Opens (creating if needed) a SQLite database file. */
  openDatabase(path: string): SqlDatabase;
  /** Loads the PC/SC client library (libpcsclite) when this runtime can call native code; absent otherwise. */
  pcsc?(): PcscLoad;
  /** Virtual input devices through Linux uinput (`/dev/uinput`), where this runtime can issue ioctls; see uinput-types.ts. */
  uinput?(): UinputLoad;
  /** Opens a chip at `address` on an I2C bus (`/dev/i2c-N`) where this runtime can issue ioctls; see i2c-spi-types.ts. */
  openI2c?(path: string, address: number): I2cDevice;
  /** Opens an SPI device (`/dev/spidevB.C`) where this runtime can issue ioctls; see i2c-spi-types.ts. */
  openSpi?(path: string, options: SpiOptions): SpiDevice;
  /**
   * The number of entries in a folder (without `.` and `..`) without reading their names into strings, where this
   * runtime can call getdents64 (null: it cannot here); throws as readdir does (`code` ENOENT, EACCES …).
   */
  countDirEntries?(path: string): number | null;
  /** Opens a serial device (tty) raw 8N1 at `options.baud`; see serial-types.ts. */
  openSerial(path: string, options: SerialOptions): Promise<SerialPort>;
  /** Calls `onChange` when the mount table (`/proc/self/mountinfo`) changes; see mount-watch.ts. */
  watchMounts?(path: string, onChange: () => void): MountWatch;
  /** Kernel uevents from a NETLINK_KOBJECT_UEVENT socket (hot-plug); absent where the runtime cannot open one. */
  watchUevents?(handlers: UeventHandlers): UeventWatch;
  /**
   * Hands back memory the process holds but does not use, where the runtime can: drops compiled code (compiled
   * again at its next use), collects the heap and returns the allocator's free pages. A full collection: for when
   * the service has gone quiet, not for a busy moment.
   */
  releaseMemory?(): void;
  /**
   * The identity of the file the running code ships in (the compiled binary, the Node bundle: its size, time and
   * inode), which changes when that file is replaced; null when run from source, where it cannot be told. Keys
   * what the code may remember across starts (config/checked-config.ts).
   */
  codeStamp?(): string | null;
  /**
   * The service is up and listening: start-up code is done. A device build starts with the JIT held back (run-once
   * start-up code is not worth compiling, and compiling it costs memory); this restores the normal JIT policy.
   */
  settled?(): void;
  /**
   * Runs `work`, code that runs once (building schemas, a library's set-up), with the JIT held back as during
   * start-up: compiling it would cost memory that stays for as long as the service runs.
   */
  runOnceCode?<T>(work: () => T): T;
  /**
   * Starts a module in a thread of its own (its own event loop), where the runtime has threads; `entry.url` is
   * the module's file URL when run from source, `entry.bundledPath` its path inside a compiled binary.
   */
  startThread?(entry: { url: string; bundledPath: string }): ThreadLink;
}

/** The main thread's end of a thread started with `startThread`; messages are structured-cloned. */
export interface ThreadLink {
  /** `transfer`: buffers of the message moved to the thread rather than copied (unusable here afterwards). */
  post(message: unknown, transfer?: ArrayBuffer[]): void;
  onMessage(handler: (message: unknown) => void): void;
  /** The thread could not start or threw. */
  onError(handler: (reason: string) => void): void;
  terminate(): void;
}

/** One reader's state as `SCardGetStatusChange` reports it. `eventState` keeps pcsclite's bits (SCARD_STATE_*). */
export interface PcscReaderStatus {
  reader: string;
  eventState: number;
  atr: Uint8Array;
}

/**
 * A connected card (SCardConnect, shared mode, T=0 or T=1). Every call that fails rejects with an Error whose
 * `code` is the PC/SC return value (e.g. 0x80100069 card removed).
 */
export interface PcscCard {
  readonly protocol: number;
  transmit(apdu: Uint8Array): Promise<Uint8Array>;
  disconnect(): Promise<void>;
}

/**
 * A PC/SC context. Calls run one at a time off the caller's thread (the native calls block); `cancel()` runs
 * at once and wakes a pending `getStatusChange` (which then rejects with SCARD_E_CANCELLED).
 */
export interface PcscContext {
  listReaders(): Promise<string[]>;
  /** Waits up to `timeoutMs` until a reader's state differs from `currentState`; rejects with SCARD_E_TIMEOUT. */
  getStatusChange(readers: ReadonlyArray<{ reader: string; currentState: number }>, timeoutMs: number): Promise<PcscReaderStatus[]>;
  cancel(): void;
  connect(reader: string): Promise<PcscCard>;
  release(): Promise<void>;
}

export interface PcscLibrary {
  establish(): Promise<PcscContext>;
  /** Frees the library's thread; contexts must be released first. */
  close(): void;
}

export type PcscLoad = { ok: true; library: PcscLibrary } | { ok: false; reason: string };
