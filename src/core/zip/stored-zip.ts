/**
 * Writes and reads ZIP archives whose members are stored without compression (method 0; PKWARE APPNOTE 4.3.7
 * local header, 4.3.12 central directory, 4.3.16 end record). Pure: bytes in, bytes out. Member names are UTF-8
 * (flag bit 11); archives and members stay under 4 GiB (no ZIP64), which backups of a device's settings do.
 */
import { locateCentralDirectory, ZipFormatError, ZIP_TAIL_BYTES } from "./central-directory.ts";
import { crc32 } from "./crc32.ts";

export interface ZipMember {
  name: string;
  data: Uint8Array;
}

const LOCAL = 0x04034b50;
const CENTRAL = 0x02014b50;
const EOCD = 0x06054b50;
const UTF8_FLAG = 0x0800;
const MAX = 0xffffffff;
const enc = new TextEncoder();
const dec = new TextDecoder("utf-8", { fatal: true });

/** MS-DOS date and time fields (local fields of `date` taken as UTC, 2-second resolution). */
function dosDateTime(date: Date): { time: number; day: number } {
  const y = Math.max(1980, date.getUTCFullYear());
  return {
    time: (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | (date.getUTCSeconds() >> 1),
    day: ((y - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate(),
  };
}

/** One archive holding `members` in order, each stored as is. */
export function writeStoredZip(members: readonly ZipMember[], modified: Date): Uint8Array {
  const { time, day } = dosDateTime(modified);
  const names = members.map((m) => enc.encode(m.name));
  const localSize = members.reduce((n, m, i) => n + 30 + names[i]!.length + m.data.length, 0);
  const centralSize = names.reduce((n, name) => n + 46 + name.length, 0);
  if (localSize + centralSize + 22 > MAX || members.length > 0xffff) throw new ZipFormatError("archive too large for a ZIP without ZIP64");
  const out = new Uint8Array(localSize + centralSize + 22);
  const view = new DataView(out.buffer);
  const offsets: number[] = [];
  const crcs: number[] = [];
  let p = 0;
  members.forEach((m, i) => {
    const name = names[i]!;
    const crc = crc32(m.data);
    offsets.push(p);
    crcs.push(crc);
    view.setUint32(p, LOCAL, true);
    view.setUint16(p + 4, 20, true);
    view.setUint16(p + 6, UTF8_FLAG, true);
    view.setUint16(p + 8, 0, true);
    view.setUint16(p + 10, time, true);
    view.setUint16(p + 12, day, true);
    view.setUint32(p + 14, crc, true);
    view.setUint32(p + 18, m.data.length, true);
    view.setUint32(p + 22, m.data.length, true);
    view.setUint16(p + 26, name.length, true);
    view.setUint16(p + 28, 0, true);
    out.set(name, p + 30);
    out.set(m.data, p + 30 + name.length);
    p += 30 + name.length + m.data.length;
  });
  const cdStart = p;
  members.forEach((m, i) => {
    const name = names[i]!;
    view.setUint32(p, CENTRAL, true);
    view.setUint16(p + 4, 20, true);
    view.setUint16(p + 6, 20, true);
    view.setUint16(p + 8, UTF8_FLAG, true);
    view.setUint16(p + 10, 0, true);
    view.setUint16(p + 12, time, true);
    view.setUint16(p + 14, day, true);
    view.setUint32(p + 16, crcs[i]!, true);
    view.setUint32(p + 20, m.data.length, true);
    view.setUint32(p + 24, m.data.length, true);
    view.setUint16(p + 28, name.length, true);
    // extra, comment, disk, internal and external attributes stay 0
    view.setUint32(p + 42, offsets[i]!, true);
    out.set(name, p + 46);
    p += 46 + name.length;
  });
  view.setUint32(p, EOCD, true);
  view.setUint16(p + 8, members.length, true);
  view.setUint16(p + 10, members.length, true);
  view.setUint32(p + 12, p - cdStart, true);
  view.setUint32(p + 16, cdStart, true);
  return out;
}

/**
 * The members of a stored archive, in central-directory order. Refuses compressed or encrypted members,
 * duplicate names, members outside the file and members whose CRC-32 does not match.
 */
export function readStoredZip(bytes: Uint8Array): ZipMember[] {
  const tail = bytes.subarray(Math.max(0, bytes.length - ZIP_TAIL_BYTES));
  const loc = locateCentralDirectory(tail, bytes.length, (o, n) => bytes.subarray(o, o + n));
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out: ZipMember[] = [];
  const seen = new Set<string>();
  let p = loc.offset;
  for (let n = 0; n < loc.entries; n++) {
    if (p + 46 > bytes.length || view.getUint32(p, true) !== CENTRAL) throw new ZipFormatError(`bad central directory entry ${n}`);
    const flags = view.getUint16(p + 8, true);
    const method = view.getUint16(p + 10, true);
    const crc = view.getUint32(p + 16, true);
    const size = view.getUint32(p + 20, true);
    const nameLen = view.getUint16(p + 28, true);
    const skip = view.getUint16(p + 30, true) + view.getUint16(p + 32, true);
    const local = view.getUint32(p + 42, true);
    let name: string;
    try {
      name = dec.decode(bytes.subarray(p + 46, p + 46 + nameLen));
    } catch {
      throw new ZipFormatError(`entry ${n} has a name that is not UTF-8`);
    }
    p += 46 + nameLen + skip;
    if (method !== 0 || flags & 1) throw new ZipFormatError(`${name} is compressed or encrypted`);
    if (seen.has(name)) throw new ZipFormatError(`${name} appears twice`);
    seen.add(name);
    if (local + 30 > bytes.length || view.getUint32(local, true) !== LOCAL) throw new ZipFormatError(`${name}: bad local header`);
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    if (start + size > bytes.length) throw new ZipFormatError(`${name} runs past the end of the archive`);
    const data = bytes.subarray(start, start + size);
    if (crc32(data) !== crc) throw new ZipFormatError(`${name}: CRC-32 mismatch`);
    out.push({ name, data });
  }
  return out;
}
