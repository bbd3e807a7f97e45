/**
 * The reader seam: a driver turns a connection string's path into a Reader; a Reader reports tokens arriving
 * and leaving. The reader manager (src/service/readers/) owns the lifecycle; drivers never talk to the API.
 */
import { DomainError, type FailureKind } from "../core/errors.ts";

export type ReaderCapability = "write" | "display" | "removable";

/** What a reader saw on a token. `data` is lowercase hex. */
export interface TokenRead {
  type: string;
  uid: string;
  text: string;
  data: string;
}

export interface ReaderEvents {
  /** A token arrived on the reader (or the token on it changed). */
  token(read: TokenRead): void;
  /** The token left the reader. */
  removed(): void;
}

export interface Reader {
  /** Driver id as the API reports it, e.g. "pcsc". */
  readonly driver: string;
  /** Path part of the connection string (a device, a file, a PC/SC reader name). */
  readonly path: string;
  /** Stable across restarts: `<driver>-<8 chars>` (see reader-id.ts). */
  readonly readerId: string;
  /** Human-readable description for `readers`. */
  readonly info: string;
  readonly capabilities: readonly ReaderCapability[];
  /** False once the reader has gone away; the manager then closes it and retries the path. */
  connected(): boolean;
  /** A token is on the reader now. */
  hasToken(): boolean;
  /** Starts reporting; rejects when the reader cannot be opened (the manager retries later). */
  open(events: ReaderEvents): Promise<void>;
  close(): Promise<void>;
  /** Writes `text` as an NDEF Text record to the token on the reader (when `capabilities` has "write"). */
  write?(text: string): Promise<void>;
}

/** Per-connection settings from `[[readers.connect]]`. */
export interface ReaderOptions {
  /** `id_source`: which part of a disc identifies it (opticaldrive). */
  idSource?: string;
  /** How a PN532 is wired (`pn532_i2c:`, `pn532_spi:`; else inferred from the path, UART by default). */
  transport?: "uart" | "i2c" | "spi";
}

export interface ReaderDriver {
  /** Id reported as `driver`, e.g. "pcsc", "file". */
  readonly id: string;
  /** Names accepted in connection strings, lowercase without underscores (`pn532_uart` = `pn532uart`). */
  readonly names: readonly string[];
  /** Detected when auto-detection is on. */
  readonly autoDetect: boolean;
  /** `options` carries the connection entry's settings (absent for detected readers). */
  create(path: string, options?: ReaderOptions): Reader;
  /** Paths of readers present now and not in `exclude` (paths open readers of any driver hold, or the settings name). */
  detect?(exclude: ReadonlySet<string>): Promise<string[]>;
  /** Registers a callback for hardware changes (hot plug), so the manager looks again at once. */
  onChange?(listener: () => void): void;
  stop?(): Promise<void>;
}

/** Why a write failed; the API maps each kind to its error code. */
export type WriteFailure = "no-reader" | "no-tag" | "too-large" | "unsupported" | "failed";

const WRITE_FAILURE_KIND: Record<WriteFailure, FailureKind> = {
  "no-reader": "unavailable",
  "no-tag": "unavailable",
  "too-large": "failed",
  unsupported: "unsupported",
  failed: "failed",
};

/** A write refused or failed; `reason` goes to clients as `data.reason`. */
export class ReaderWriteError extends DomainError {
  constructor(
    readonly reason: WriteFailure,
    message: string,
  ) {
    super(WRITE_FAILURE_KIND[reason], message, { reason });
  }
}
