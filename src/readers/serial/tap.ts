/** A serial port whose incoming bytes are also shown to `tap` (what a probe heard, beside what its protocol reads). */
import type { SerialPort } from "../../runtime/serial-types.ts";

export function tapIncoming(port: SerialPort, tap: (chunk: Uint8Array) => void): SerialPort {
  return {
    get path() {
      return port.path;
    },
    get isOpen() {
      return port.isOpen;
    },
    onData: (listener) =>
      port.onData((chunk) => {
        tap(chunk);
        listener(chunk);
      }),
    onClose: (listener) => port.onClose(listener),
    write: (data) => port.write(data),
    close: () => port.close(),
  };
}
