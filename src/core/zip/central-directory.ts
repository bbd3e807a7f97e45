/**
 * Lists the file names of a ZIP archive from its central directory (PKWARE APPNOTE 4.3.12, 4.3.16, ZIP64
 * 4.3.14/4.3.15). Pure: the caller reads the bytes. Directory entries are left out.
 */

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
/** Fixed part of the end record plus the longest comment. */
export const ZIP_TAIL_BYTES = 22 + 0xffff;

export interface CentralDirectoryLocation {
  offset: number;
  size: number;
  entries: number;
}

export class ZipFormatError extends Error {}

/**
 * Finds the central directory from the last bytes of the file (`tail`, at most ZIP_TAIL_BYTES, ending at the
 * end of the file of length `fileSize`). `readAt` fetches the ZIP64 end record when the archive needs one.
 */
export function locateCentralDirectory(tail: Uint8Array, fileSize: number, readAt: (offset: number, length: number) => Uint8Array): CentralDirectoryLocation {
  const view = new DataView(tail.buffer, tail.byteOffset, tail.byteLength);
  let at = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (view.getUint32(i, true) === EOCD) {
      at = i;
      break;
    }
  }
  if (at < 0) throw new ZipFormatError("no end of central directory record");
  let entries = view.getUint16(at + 10, true);
  let size = view.getUint32(at + 12, true);
  let offset = view.getUint32(at + 16, true);
  if ((entries === 0xffff || size === 0xffffffff || offset === 0xffffffff) && at >= 20 && view.getUint32(at - 20, true) === ZIP64_LOCATOR) {
    const recordAt = Number(view.getBigUint64(at - 20 + 8, true));
    const rec = readAt(recordAt, 56);
    const rv = new DataView(rec.buffer, rec.byteOffset, rec.byteLength);
    if (rec.length < 56 || rv.getUint32(0, true) !== ZIP64_EOCD) throw new ZipFormatError("bad ZIP64 end record");
    entries = Number(rv.getBigUint64(32, true));
    size = Number(rv.getBigUint64(40, true));
    offset = Number(rv.getBigUint64(48, true));
  }
  if (offset + size > fileSize) throw new ZipFormatError("central directory outside the file");
  return { offset, size, entries };
}

const utf8 = new TextDecoder("utf-8");
const latin1 = new TextDecoder("latin1");

/** File names (forward slashes, no directories) from the central directory bytes. */
export function centralDirectoryNames(cd: Uint8Array, entries: number): string[] {
  const view = new DataView(cd.buffer, cd.byteOffset, cd.byteLength);
  const names: string[] = [];
  let p = 0;
  for (let n = 0; n < entries; n++) {
    if (p + 46 > cd.length || view.getUint32(p, true) !== CENTRAL) throw new ZipFormatError(`bad central directory entry ${n}`);
    const flags = view.getUint16(p + 8, true);
    const nameLen = view.getUint16(p + 28, true);
    const extraLen = view.getUint16(p + 30, true);
    const commentLen = view.getUint16(p + 32, true);
    const raw = cd.subarray(p + 46, p + 46 + nameLen);
    const name = (flags & 0x800 ? utf8 : isAscii(raw) ? utf8 : latin1).decode(raw).replaceAll("\\", "/");
    if (!name.endsWith("/")) names.push(name);
    p += 46 + nameLen + extraLen + commentLen;
  }
  return names;
}

function isAscii(b: Uint8Array): boolean {
  for (const c of b) if (c > 0x7f) return false;
  return true;
}
