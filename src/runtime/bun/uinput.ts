/**
 * Linux uinput for the Bun runtime: the device file is opened and written with node:fs, the ioctls that set it
 * up go through bun:ffi to libc's `ioctl` (int and pointer arguments travel in the same registers on x86-64 and
 * arm64, so the variadic call needs no special care), and errno is read through `__errno_location`.
 */
import { dlopen, FFIType, ptr, read } from "bun:ffi";
import { closeSync, openSync, writeSync } from "node:fs";
import { errnoName } from "./errno-name.ts";
import type { UinputDevice, UinputDeviceSetup, UinputFactory, UinputLoad } from "../uinput-types.ts";
import {
  DEFAULT_UINPUT_PATH, EV_ABS, EV_KEY, inputEventSize, UI_ABS_SETUP, UI_DEV_CREATE, UI_DEV_DESTROY, UI_DEV_SETUP, UI_SET_ABSBIT,
  UI_SET_EVBIT, UI_SET_KEYBIT, UINPUT_OPEN_FLAGS, uinputAbsSetup, uinputSetup,
} from "../uinput-abi.ts";

function openLibc() {
  return dlopen("libc.so.6", {
    ioctl: { args: [FFIType.i32, FFIType.u64, FFIType.u64], returns: FFIType.i32 },
    __errno_location: { args: [], returns: FFIType.ptr },
  });
}

type Libc = ReturnType<typeof openLibc>["symbols"];


class BunUinputFactory implements UinputFactory {
  readonly eventSize = inputEventSize(process.arch);
  constructor(
    private readonly libc: Libc,
    private readonly path: string,
  ) {}

  create(setup: UinputDeviceSetup): UinputDevice {
    let fd: number;
    try {
      fd = openSync(this.path, UINPUT_OPEN_FLAGS);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      const why = code === "ENOENT" ? "does not exist (is the uinput kernel module loaded?)" : code === "EACCES" || code === "EPERM" ? "is not writable by the service" : (err as Error).message;
      throw new Error(`${this.path} ${why}${code ? ` (${code})` : ""}`);
    }
    const ioctl = (what: string, request: number, arg: number) => {
      if (this.libc.ioctl(fd, request, arg) < 0) {
        const errno = read.i32(this.libc.__errno_location()!, 0);
        throw new Error(`${this.path}: ioctl ${what} failed (${errnoName(errno)})`);
      }
    };
    try {
      ioctl("UI_SET_EVBIT", UI_SET_EVBIT, EV_KEY);
      for (const code of setup.keys) ioctl("UI_SET_KEYBIT", UI_SET_KEYBIT, code);
      if (setup.axes?.length) {
        ioctl("UI_SET_EVBIT", UI_SET_EVBIT, EV_ABS);
        for (const axis of setup.axes) {
          ioctl("UI_SET_ABSBIT", UI_SET_ABSBIT, axis.code);
          const abs = uinputAbsSetup(axis.code, axis.min, axis.max);
          ioctl("UI_ABS_SETUP", UI_ABS_SETUP, ptr(abs));
        }
      }
      const dev = uinputSetup(setup);
      ioctl("UI_DEV_SETUP", UI_DEV_SETUP, ptr(dev));
      ioctl("UI_DEV_CREATE", UI_DEV_CREATE, 0);
    } catch (err) {
      closeSync(fd);
      throw err;
    }
    const libc = this.libc;
    return {
      write: (records) => {
        writeSync(fd, records);
      },
      close: () => {
        libc.ioctl(fd, UI_DEV_DESTROY, 0);
        closeSync(fd);
      },
    };
  }
}

/** Loads libc's ioctl; absent (not glibc) means no virtual input on this machine. */
export function loadBunUinput(path = process.env.TAPSERVE_UINPUT_PATH || DEFAULT_UINPUT_PATH): UinputLoad {
  if (process.platform !== "linux") return { ok: false, reason: "uinput is Linux only" };
  try {
    return { ok: true, factory: new BunUinputFactory(openLibc().symbols, path) };
  } catch (err) {
    return { ok: false, reason: `cannot load libc for ioctl: ${(err as Error).message}` };
  }
}
