/**
 * Serial ports on Bun: libc through bun:ffi configures the tty (the same settings go.bug.st/serial uses:
 * raw, CS8, no parity, one stop bit, CLOCAL|CREAD, no flow control), refuses a port another program holds
 * exclusively, takes it exclusively (TIOCEXCL plus an flock, which also binds root), and leaves the
 * descriptor non-blocking for Bun's event loop to poll. Linux only (termios layout and constants of x86-64, arm and arm64).
 */
import { dlopen, FFIType, ptr, read as readMem, type Pointer } from "bun:ffi";
import { type ByteSource, FdSerialPort } from "../serial-fd.ts";
import { SerialError, type SerialOptions, type SerialPort } from "../serial-types.ts";

const O_RDWR = 0o2;
const O_NOCTTY = 0o400;
const O_NONBLOCK = 0o4000;
const O_CLOEXEC = 0o2000000;
const F_GETFL = 3;
const F_SETFL = 4;
const TCSANOW = 0;
const TCIOFLUSH = 2;
const TIOCEXCL = 0x540c;
const TIOCNXCL = 0x540d;
const TIOCGEXCL = 0x80045440;
const LOCK_EX = 2;
const LOCK_NB = 4;
const LOCK_UN = 8;
const CSIZE = 0o60;
const CS8 = 0o60;
const CSTOPB = 0o100;
const CREAD = 0o200;
const PARENB = 0o400;
const CLOCAL = 0o4000;
const CRTSCTS = 0x80000000;
const C_CFLAG = 8;
const C_CC = 17;
const VTIME = 5;
const VMIN = 6;

const SPEEDS: Record<number, number> = {
  1200: 0o11,
  2400: 0o13,
  4800: 0o14,
  9600: 0o15,
  19200: 0o16,
  38400: 0o17,
  57600: 0o10001,
  115200: 0o10002,
  230400: 0o10003,
  460800: 0o10004,
  921600: 0o10007,
};

const ERRNO: Record<number, string> = { 2: "ENOENT", 5: "EIO", 6: "ENXIO", 11: "EAGAIN", 13: "EACCES", 16: "EBUSY", 19: "ENODEV", 25: "ENOTTY" };

function loadLibc() {
  const i32 = FFIType.i32;
  return dlopen("libc.so.6", {
    open: { args: [FFIType.cstring, i32], returns: i32 },
    close: { args: [i32], returns: i32 },
    fcntl: { args: [i32, i32, i32], returns: i32 },
    ioctl: { args: [i32, FFIType.u64, FFIType.ptr], returns: i32 },
    flock: { args: [i32, i32], returns: i32 },
    tcgetattr: { args: [i32, FFIType.ptr], returns: i32 },
    tcsetattr: { args: [i32, i32, FFIType.ptr], returns: i32 },
    tcflush: { args: [i32, i32], returns: i32 },
    cfmakeraw: { args: [FFIType.ptr], returns: FFIType.void },
    cfsetspeed: { args: [FFIType.ptr, FFIType.u32], returns: i32 },
    __errno_location: { args: [], returns: FFIType.ptr },
  });
}

type Libc = ReturnType<typeof loadLibc>["symbols"];
let libc: Libc | null = null;

function errnoName(c: Libc): string {
  const n = readMem.i32(c.__errno_location() as Pointer, 0);
  return ERRNO[n] ?? `errno ${n}`;
}

function configure(c: Libc, fd: number, path: string, speed: number): void {
  const fail = (what: string, kind: "busy" | "not-a-tty" | "io" = "io") => {
    const name = errnoName(c);
    throw new SerialError(name === "ENOTTY" ? "not-a-tty" : name === "EIO" || name === "ENXIO" ? "gone" : kind, `${path}: ${what} failed (${name})`);
  };
  const excl = new Int32Array(1);
  if (c.ioctl(fd, TIOCGEXCL, ptr(excl)) === 0 && excl[0] !== 0) throw new SerialError("busy", `${path} is held by another program`);
  if (c.flock(fd, LOCK_EX | LOCK_NB) !== 0) fail("lock", "busy");
  const t = new Uint8Array(64);
  if (c.tcgetattr(fd, ptr(t)) !== 0) fail("tcgetattr");
  c.cfmakeraw(ptr(t));
  const view = new DataView(t.buffer);
  let cflag = view.getUint32(C_CFLAG, true);
  cflag = ((cflag & ~(CSIZE | CSTOPB | PARENB | CRTSCTS)) | CS8 | CLOCAL | CREAD) >>> 0;
  view.setUint32(C_CFLAG, cflag, true);
  t[C_CC + VMIN] = 1;
  t[C_CC + VTIME] = 0;
  if (c.cfsetspeed(ptr(t), speed) !== 0) fail("cfsetspeed");
  if (c.tcsetattr(fd, TCSANOW, ptr(t)) !== 0) fail("tcsetattr");
  c.tcflush(fd, TCIOFLUSH);
  const flags = c.fcntl(fd, F_GETFL, 0);
  if (flags < 0 || c.fcntl(fd, F_SETFL, flags | O_NONBLOCK) !== 0) fail("fcntl");
  c.ioctl(fd, TIOCEXCL, null);
}

/** Bun polls a non-blocking descriptor's stream with its own event loop (epoll); it never closes the fd. */
function bunByteSource(fd: number, release: () => void): ByteSource {
  let reader: ReadableStreamDefaultReader<Uint8Array> | null = null;
  let stopped = false;
  return {
    start(chunk, end) {
      const r = Bun.file(fd).stream().getReader();
      reader = r;
      void (async () => {
        try {
          while (true) {
            const { value, done } = await r.read();
            if (done) break;
            if (value && value.length > 0) chunk(value);
          }
          if (!stopped) end(null);
        } catch (err) {
          if (!stopped) end(err as NodeJS.ErrnoException);
        }
      })();
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      await reader?.cancel().catch(() => {});
      release();
    },
  };
}

export async function openBunSerial(path: string, options: SerialOptions): Promise<SerialPort> {
  const speed = SPEEDS[options.baud];
  if (speed === undefined) throw new SerialError("unsupported", `baud rate ${options.baud} is not supported`);
  if (process.platform !== "linux") throw new SerialError("unsupported", "serial ports are supported on Linux only");
  try {
    libc ??= loadLibc().symbols;
  } catch (err) {
    throw new SerialError("unsupported", `cannot load libc for serial ports: ${(err as Error).message}`);
  }
  const c = libc;
  const fd = c.open(Buffer.from(`${path}\0`), O_RDWR | O_NOCTTY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) {
    const name = errnoName(c);
    const kind = name === "ENOENT" || name === "ENXIO" || name === "ENODEV" ? "not-found" : name === "EBUSY" ? "busy" : "io";
    throw new SerialError(kind, `cannot open ${path} (${name})`);
  }
  try {
    configure(c, fd, path, speed);
  } catch (err) {
    c.close(fd);
    throw err;
  }
  const release = () => {
    c.ioctl(fd, TIOCNXCL, null); // the flag outlives the descriptor on some ttys (pty slaves)
    // Bun's stream may still hold the file for a moment after cancel; the lock must not wait for it.
    c.flock(fd, LOCK_UN);
    c.close(fd);
  };
  const port = new FdSerialPort(fd, path, bunByteSource(fd, release));
  port.start();
  return port;
}
