/**
 * A disc's identity from its ISO 9660 primary volume descriptor, as the reference reads it (and as blkid
 * reports it): label = volume identifier; UUID = the volume modification date (else the creation date) as
 * `YYYY-MM-DD-HH-MM-SS-cc`. A root-directory `zaparoo.txt` (any case, `;1` version suffix allowed, at most
 * 1 MiB, single extent) gives the token text. Pure: bytes come through `readAt`, so a device, an image file or
 * a test buffer all work.
 */

export const SECTOR = 0x800;
const DESCRIPTORS_AT = 0x8000;
const MAX_DESCRIPTORS = 16;
const MAX_TOKEN_FILE = 1024 * 1024;
const TOKEN_FILE = "zaparoo.txt";

/** Reads up to `length` bytes at `offset`; fewer at the end of the medium. */
export type ReadAt = (offset: number, length: number) => Promise<Uint8Array>;

export interface TokenFile {
  /** absent: no such file; present: found (data empty when too large or not a plain file); unknown: unreadable. */
  state: "absent" | "present" | "unknown";
  data: Uint8Array;
}

export interface DiscIdentity {
  uuid: string;
  label: string;
  tokenFile: TokenFile;
}

export interface DirectoryRecord {
  identifier: Uint8Array;
  extent: number;
  length: number;
  extendedAttributeLength: number;
  flags: number;
}

const DIRECTORY = 0x02;
const MULTI_EXTENT = 0x80;
const ascii = (b: Uint8Array) => String.fromCharCode(...b);

/** Volume identifier: padded with spaces (or NULs) on the right. */
export function volumeLabel(pvd: Uint8Array): string {
  return ascii(pvd.subarray(40, 72)).replace(/[ \0]+$/, "");
}

/** A 17-byte ISO 9660 date (16 digits + zone) as `YYYY-MM-DD-HH-MM-SS-cc`; "" when unset (all '0' and zone 0). */
export function dateUuid(raw: Uint8Array): string {
  if (raw.length < 17) return "";
  const digits = ascii(raw.subarray(0, 16));
  if (/^0{16}$/.test(digits) && raw[16] === 0) return "";
  return [digits.slice(0, 4), digits.slice(4, 6), digits.slice(6, 8), digits.slice(8, 10), digits.slice(10, 12), digits.slice(12, 14), digits.slice(14, 16)].join("-");
}

/** One directory record; null when the bytes cannot be one. */
export function parseDirectoryRecord(raw: Uint8Array): DirectoryRecord | null {
  const len = raw[0] ?? 0;
  if (len < 34 || len > raw.length) return null;
  const idLen = raw[32]!;
  if (33 + idLen > len) return null;
  const view = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
  return {
    identifier: raw.subarray(33, 33 + idLen),
    extent: view.getUint32(2, true),
    length: view.getUint32(10, true),
    extendedAttributeLength: raw[1]!,
    flags: raw[25]!,
  };
}

const dataOffset = (r: DirectoryRecord) => (r.extent + r.extendedAttributeLength) * SECTOR;

export function isTokenFileName(identifier: Uint8Array): boolean {
  return ascii(identifier).replace(/;1$/, "").toLowerCase() === TOKEN_FILE;
}

/** Finds and reads the root's zaparoo.txt. Throws on a malformed directory or a short read. */
async function readTokenFile(pvd: Uint8Array, readAt: ReadAt): Promise<TokenFile> {
  const root = parseDirectoryRecord(pvd.subarray(156, 190));
  if (!root || !(root.flags & DIRECTORY)) throw new Error("the root directory record is not a directory");
  for (let done = 0; done < root.length; done += SECTOR) {
    const size = Math.min(SECTOR, root.length - done);
    const sector = await readAt(dataOffset(root) + done, size);
    if (sector.length < size) throw new Error("the root directory is cut short");
    for (let at = 0; at < sector.length; ) {
      const len = sector[at]!;
      if (len === 0) break; // the rest of this sector is padding
      if (at + len > sector.length) throw new Error("a directory record crosses a sector boundary");
      const record = parseDirectoryRecord(sector.subarray(at, at + len));
      if (!record) throw new Error("a directory record is malformed");
      if (isTokenFileName(record.identifier)) {
        if (record.flags & (DIRECTORY | MULTI_EXTENT) || record.length === 0 || record.length > MAX_TOKEN_FILE) return { state: "present", data: new Uint8Array() };
        const data = await readAt(dataOffset(record), record.length);
        if (data.length < record.length) throw new Error("zaparoo.txt is cut short");
        return { state: "present", data };
      }
      at += len;
    }
  }
  return { state: "absent", data: new Uint8Array() };
}

/** The disc's identity, or null when the medium holds no ISO 9660 primary volume descriptor. */
export async function readDiscIdentity(readAt: ReadAt): Promise<DiscIdentity | null> {
  for (let i = 0; i < MAX_DESCRIPTORS; i++) {
    const d = await readAt(DESCRIPTORS_AT + i * SECTOR, SECTOR);
    if (d.length < SECTOR) return null;
    if (ascii(d.subarray(1, 6)) !== "CD001") continue;
    if (d[0] === 0xff) break; // set terminator
    if (d[0] !== 0x01) continue; // not the primary descriptor
    const uuid = dateUuid(d.subarray(830, 847)) || dateUuid(d.subarray(813, 830));
    let tokenFile: TokenFile;
    try {
      tokenFile = await readTokenFile(d, readAt);
    } catch {
      tokenFile = { state: "unknown", data: new Uint8Array() };
    }
    return { uuid, label: volumeLabel(d), tokenFile };
  }
  return null;
}

export type IdSource = "uuid" | "label" | "merged";

/** The token uid the reference derives: merged (the default) needs both parts and joins them with `/`. */
export function discTokenId(uuid: string, label: string, source: IdSource): string {
  if (source === "uuid") return uuid;
  if (source === "label") return label;
  return uuid !== "" && label !== "" ? `${uuid}/${label}` : "";
}
