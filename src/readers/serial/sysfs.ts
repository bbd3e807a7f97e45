/**
 * What Linux says about serial ports, read from sysfs under a root that tests point at a fake tree: the USB
 * device behind a tty (VID:PID, strings, topology such as `1-2.3.1`) and the list of candidate ports.
 */
import { existsSync, readdirSync, readFileSync, realpathSync, statSync } from "node:fs";
import { basename, dirname, join } from "node:path";

export interface HardwareRoots {
  /** Where sysfs is mounted (`/sys`). */
  sys: string;
  /** Where device nodes live (`/dev`). */
  dev: string;
}

/** `/sys` and `/dev` under a filesystem root (`/` on a device; a temp dir in tests). */
export function hardwareRoots(root = "/"): HardwareRoots {
  return { sys: join(root, "sys"), dev: join(root, "dev") };
}

export interface UsbInfo {
  vid: string;
  pid: string;
  manufacturer: string;
  product: string;
  /** Port topology, e.g. `1-2.3.1`: stable for a socket, whatever the ttyUSB number. */
  topology: string;
}

export interface SerialCandidate {
  /** Device node, e.g. /dev/ttyUSB0. */
  path: string;
  name: string;
  usb: UsbInfo | null;
}

const USB_PORT_DIR = /^\d+-\d+(\.\d+)*$/;

function readText(path: string): string {
  try {
    return readFileSync(path, "utf8").trim();
  } catch {
    return "";
  }
}

/** Walks up from a device directory to the USB device (the folder with idVendor). */
function usbDeviceAbove(dir: string, sysRoot: string): UsbInfo | null {
  let d = dir;
  while (d.startsWith(sysRoot) && d !== sysRoot) {
    if (existsSync(join(d, "idVendor")) && USB_PORT_DIR.test(basename(d))) {
      return {
        vid: readText(join(d, "idVendor")).toUpperCase(),
        pid: readText(join(d, "idProduct")).toUpperCase(),
        manufacturer: readText(join(d, "manufacturer")),
        product: readText(join(d, "product")),
        topology: basename(d),
      };
    }
    d = dirname(d);
  }
  return null;
}

function resolved(path: string): string | null {
  try {
    return realpathSync(path);
  } catch {
    return null;
  }
}

/** The USB device behind a tty device node (through /sys/dev/char/<major>:<minor>), or null. */
export function usbInfoForDevice(devicePath: string, roots: HardwareRoots): UsbInfo | null {
  let rdev: number;
  try {
    const st = statSync(devicePath);
    if (!st.isCharacterDevice()) return null;
    rdev = st.rdev;
  } catch {
    return null;
  }
  const major = Math.floor(rdev / 256) & 0xfff;
  const minor = (rdev & 0xff) | (Math.floor(rdev / 4096) & ~0xff);
  const dir = resolved(join(roots.sys, "dev", "char", `${major}:${minor}`));
  const sysRoot = resolved(roots.sys);
  return dir && sysRoot ? usbDeviceAbove(dir, sysRoot) : null;
}

/**
 * Serial ports worth a look: every tty whose device sits on USB, plus on-board UARTs that exist (ttyAMA*,
 * ttyS* whose `type` is not 0 = no UART). Sorted by name.
 */
export function listSerialCandidates(roots: HardwareRoots): SerialCandidate[] {
  const classDir = join(roots.sys, "class", "tty");
  const sysRoot = resolved(roots.sys);
  let names: string[];
  try {
    names = readdirSync(classDir);
  } catch {
    return [];
  }
  const out: SerialCandidate[] = [];
  for (const name of names.sort()) {
    const device = resolved(join(classDir, name, "device"));
    if (!device || !sysRoot) continue;
    const path = join(roots.dev, name);
    const usb = device.includes("/usb") ? usbDeviceAbove(device, sysRoot) : null;
    if (usb) out.push({ path, name, usb });
    else if (name.startsWith("ttyAMA") || (name.startsWith("ttyS") && readText(join(classDir, name, "type")) !== "0" && readText(join(classDir, name, "type")) !== "")) {
      out.push({ path, name, usb: null });
    }
  }
  return out.filter((c) => existsSync(c.path));
}
