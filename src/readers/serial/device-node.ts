/** Identity and stable naming of serial device nodes. */
import { statSync } from "node:fs";
import { readerIdFor } from "../reader-id.ts";
import { type HardwareRoots, usbInfoForDevice } from "./sysfs.ts";

/**
 * Changes when the node is re-created (replug): its device number, inode and ctime; "absent" when missing.
 * Not the mtime: a tty's mtime moves when it is written to, which a probe itself does.
 */
export function nodeIdentity(path: string): string {
  try {
    const st = statSync(path);
    return `${st.rdev}:${st.ino}:${st.ctimeMs}`;
  } catch {
    return "absent";
  }
}

/** What a serial reader's id is computed from: the USB topology when on USB, else the connection string. */
export function stablePathFor(driver: string, path: string, roots: HardwareRoots): string {
  return usbInfoForDevice(path, roots)?.topology ?? `${driver}:${path}`;
}

export function serialReaderId(driver: string, path: string, roots: HardwareRoots): string {
  return readerIdFor(driver, stablePathFor(driver, path, roots));
}
