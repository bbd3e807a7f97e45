import { basename, dirname, isAbsolute, join, normalize } from "node:path";

/**
 * MiSTer's recent lists: `config/<core>_recent_<n>.cfg` (a core's files, newest first, rewritten by MiSTer Main
 * when a file is loaded from its OSD) and `config/cores_recent.cfg` (the main menu's cores and MGLs). Each record
 * is a folder (1024 bytes), a file name (256) and a label (256), NUL-padded; an all-zero record ends the list.
 */
const DIR_BYTES = 1024;
const NAME_BYTES = 256;
const LABEL_BYTES = 256;
const RECORD_BYTES = DIR_BYTES + NAME_BYTES + LABEL_BYTES;
/** USB drives MiSTer can use as its storage instead of the SD card: `/media/usb0` … `/media/usb3`. */
const USB_ROOTS = 4;

export interface RecentEntry {
  directory: string;
  name: string;
  label: string;
}

const decoder = new TextDecoder();
/** A NUL-padded C string field. */
const field = (bytes: Uint8Array) => {
  const end = bytes.indexOf(0);
  return decoder.decode(end < 0 ? bytes : bytes.subarray(0, end));
};

/** The records of a recent list, newest first (a short last record reads as NUL-padded). */
export function parseRecents(data: Uint8Array): RecentEntry[] {
  const out: RecentEntry[] = [];
  for (let at = 0; at < data.length; at += RECORD_BYTES) {
    const rec = new Uint8Array(RECORD_BYTES);
    rec.set(data.subarray(at, at + RECORD_BYTES));
    if (rec.every((b) => b === 0)) break;
    out.push({
      directory: field(rec.subarray(0, DIR_BYTES)),
      name: field(rec.subarray(DIR_BYTES, DIR_BYTES + NAME_BYTES)),
      label: field(rec.subarray(DIR_BYTES + NAME_BYTES)),
    });
  }
  return out;
}

/** True for the files the tracker reads: a recent list in MiSTer's config folder. */
export const isRecentList = (fileName: string): boolean => basename(fileName).includes("_recent");

/** `config/device.bin`: its first 4 bytes (little-endian) are not zero when MiSTer uses a USB drive as storage. */
export function usbStorageSelected(deviceBin: Uint8Array | undefined): boolean {
  if (!deviceBin || deviceBin.length < 4) return false;
  return new DataView(deviceBin.buffer, deviceBin.byteOffset, 4).getUint32(0, true) !== 0;
}

export interface RecentContext {
  sdRoot: string;
  /** MiSTer's storage is a USB drive (device.bin): relative folders are looked up on /media/usb0…3 first. */
  usb: boolean;
  exists(path: string): boolean;
}

/**
 * The file the newest record of a recent list loaded, as the reference reads it: a core's list names the game
 * (a relative folder is below the storage root: the first USB drive holding it when MiSTer uses USB storage, else
 * the SD card); the main menu's list only when its newest is an MGL (the MGL: the tracker reads the game it names).
 * Undefined when the list is empty or its newest names no game.
 */
export function newestRecentFile(fileName: string, data: Uint8Array, ctx: RecentContext): string | undefined {
  if (!isRecentList(fileName)) return undefined;
  const newest = parseRecents(data)[0];
  if (!newest) return undefined;
  const path = join(newest.directory, newest.name);
  if (basename(fileName).endsWith("cores_recent.cfg")) {
    return newest.name.toLowerCase().endsWith(".mgl") ? (isAbsolute(path) ? normalize(path) : join(ctx.sdRoot, path)) : undefined;
  }
  if (isAbsolute(path)) return normalize(path);
  if (ctx.usb) {
    const media = dirname(ctx.sdRoot);
    for (let i = 0; i < USB_ROOTS; i++) {
      const candidate = join(media, `usb${i}`, path);
      if (ctx.exists(candidate)) return candidate;
    }
  }
  return join(ctx.sdRoot, path);
}
