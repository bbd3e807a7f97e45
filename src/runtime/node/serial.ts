/**
 * Serial ports on Node, which has no FFI: the tty is opened non-blocking (so a port without carrier does not
 * hang the open), `stty` (coreutils or busybox) sets raw 8N1 and the baud rate on that very descriptor (its
 * stdin), and libuv's tty handle (tty.ReadStream, epoll) delivers the bytes. Limits: no TIOCEXCL, so other
 * programs are not locked out; a port another program holds exclusively is still refused by the kernel (for
 * non-root) at open.
 */
import { spawnSync } from "node:child_process";
import { closeSync, constants, openSync } from "node:fs";
import { ReadStream } from "node:tty";
import { type ByteSource, FdSerialPort } from "../serial-fd.ts";
import { SerialError, SERIAL_BAUD_RATES, type SerialOptions, type SerialPort } from "../serial-types.ts";

const STTY_RAW = ["raw", "-echo", "cs8", "-cstopb", "-parenb", "-crtscts", "clocal", "cread", "-hupcl", "min", "1", "time", "0"];

function openFd(path: string, flags: number): number {
  try {
    return openSync(path, flags);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const kind = code === "ENOENT" || code === "ENXIO" || code === "ENODEV" ? "not-found" : code === "EBUSY" ? "busy" : "io";
    throw new SerialError(kind, `cannot open ${path} (${code})`);
  }
}

export async function openNodeSerial(path: string, options: SerialOptions): Promise<SerialPort> {
  if (!SERIAL_BAUD_RATES.includes(options.baud)) throw new SerialError("unsupported", `baud rate ${options.baud} is not supported`);
  const { O_RDWR, O_NOCTTY, O_NONBLOCK } = constants;
  const fd = openFd(path, O_RDWR | O_NOCTTY | O_NONBLOCK);
  try {
    const r = spawnSync("stty", [String(options.baud), ...STTY_RAW], { stdio: [fd, "ignore", "pipe"], timeout: 5000 });
    if (r.error) throw new SerialError("unsupported", `stty is needed for serial ports on this runtime: ${r.error.message}`);
    if (r.status !== 0) {
      const msg = r.stderr.toString().trim();
      throw new SerialError(/not a tty|inappropriate ioctl/i.test(msg) ? "not-a-tty" : "io", `${path}: stty failed: ${msg}`);
    }
  } catch (err) {
    closeSync(fd);
    throw err;
  }
  const port = new FdSerialPort(fd, path, ttyByteSource(fd));
  port.start();
  return port;
}

/** libuv's tty handle polls the descriptor and closes it when destroyed. */
function ttyByteSource(fd: number): ByteSource {
  let stream: ReadStream | null = null;
  let stopped = false;
  return {
    start(chunk, end) {
      const s = new ReadStream(fd);
      stream = s;
      s.on("data", (b: Buffer) => chunk(new Uint8Array(b.buffer, b.byteOffset, b.length)));
      s.on("end", () => !stopped && end(null));
      s.on("error", (err) => !stopped && end(err as NodeJS.ErrnoException));
    },
    stop() {
      if (stopped || !stream) return Promise.resolve();
      stopped = true;
      const s = stream;
      return new Promise<void>((resolve) => {
        if (s.destroyed) return resolve();
        s.once("close", () => resolve());
        s.destroy();
      });
    },
  };
}
