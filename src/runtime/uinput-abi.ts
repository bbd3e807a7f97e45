/**
 * The uinput ABI (linux/uinput.h, linux/input.h): ioctl request numbers and the `struct uinput_setup` /
 * `struct uinput_abs_setup` layouts. The generic Linux ioctl encoding is the same on x86-64, arm64 and 32-bit
 * ARM: dir << 30 | size << 16 | type << 8 | nr.
 */
const IOC_WRITE = 1;
const ioc = (dir: number, nr: number, size: number) => ((dir << 30) | (size << 16) | (0x55 /* 'U' */ << 8) | nr) >>> 0;

export const UINPUT_SETUP_SIZE = 92; // struct input_id (4 × u16) + char name[80] + u32 ff_effects_max
export const UINPUT_ABS_SETUP_SIZE = 28; // u16 code, 2 bytes padding, struct input_absinfo (6 × s32)
export const UINPUT_MAX_NAME = 80;

export const UI_DEV_CREATE = ioc(0, 1, 0);
export const UI_DEV_DESTROY = ioc(0, 2, 0);
export const UI_DEV_SETUP = ioc(IOC_WRITE, 3, UINPUT_SETUP_SIZE);
export const UI_ABS_SETUP = ioc(IOC_WRITE, 4, UINPUT_ABS_SETUP_SIZE);
export const UI_SET_EVBIT = ioc(IOC_WRITE, 100, 4);
export const UI_SET_KEYBIT = ioc(IOC_WRITE, 101, 4);
export const UI_SET_ABSBIT = ioc(IOC_WRITE, 103, 4);

export const EV_KEY = 0x01;
export const EV_ABS = 0x03;

/** `open` flags: O_WRONLY | O_NONBLOCK (the same values on x86 and ARM). */
export const UINPUT_OPEN_FLAGS = 0o1 | 0o4000;

export const DEFAULT_UINPUT_PATH = "/dev/uinput";

export function uinputSetup(s: { name: string; bustype: number; vendor: number; product: number; version: number }): Uint8Array {
  const buf = new Uint8Array(UINPUT_SETUP_SIZE);
  const view = new DataView(buf.buffer);
  [s.bustype, s.vendor, s.product, s.version].forEach((v, i) => view.setUint16(i * 2, v, true));
  const name = new TextEncoder().encode(s.name).subarray(0, UINPUT_MAX_NAME - 1);
  buf.set(name, 8);
  return buf;
}

export function uinputAbsSetup(code: number, min: number, max: number): Uint8Array {
  const buf = new Uint8Array(UINPUT_ABS_SETUP_SIZE);
  const view = new DataView(buf.buffer);
  view.setUint16(0, code, true);
  view.setInt32(8, min, true); // absinfo: value at 4, minimum at 8, maximum at 12, fuzz, flat, resolution
  view.setInt32(12, max, true);
  return buf;
}

/** `struct input_event` size of this process: its `timeval` is two longs. */
export function inputEventSize(arch: string): 16 | 24 {
  return arch === "arm" || arch === "ia32" ? 16 : 24;
}
