/**
 * Serial ports (ttys) behind the runtime seam: raw 8N1 at a fixed baud rate, no flow control, opened for the
 * service alone. Bytes arrive as events; `close()` and a vanished device both end the port once.
 */

export const SERIAL_BAUD_RATES = [1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200, 230400, 460800, 921600] as const;
export type SerialBaud = (typeof SERIAL_BAUD_RATES)[number];

export interface SerialOptions {
  baud: SerialBaud;
}

/**
 * Why a port could not be opened or stopped working. `gone`: the device went away (unplugged, hung up);
 * `busy`: another program holds it; `not-found`: no such device; `not-a-tty`; `unsupported`: this runtime or
 * system cannot configure ports; `io`: anything else.
 */
export type SerialFailure = "gone" | "busy" | "not-found" | "not-a-tty" | "unsupported" | "io";

export class SerialError extends Error {
  constructor(
    readonly kind: SerialFailure,
    message: string,
  ) {
    super(message);
    this.name = "SerialError";
  }
}

export interface SerialPort {
  readonly path: string;
  /** False once closed or gone. */
  readonly isOpen: boolean;
  /** The one receiver of incoming bytes; bytes that arrived before it was set are delivered at once. */
  onData(listener: (chunk: Uint8Array) => void): void;
  /** Called once when the port ends: after `close()` with no error, or with a SerialError when it failed. */
  onClose(listener: (error?: SerialError) => void): void;
  /** Writes all bytes; rejects with a SerialError when the port is closed or the device is gone. */
  write(data: Uint8Array): Promise<void>;
  /** Stops reading and releases the device; resolves when the descriptor is closed. Idempotent. */
  close(): Promise<void>;
}
