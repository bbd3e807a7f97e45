/**
 * Steam's binary VDF (shortcuts.vdf), pure and bounded: a map is a list of `<type byte><key NUL>` entries closed
 * by 0x08; type 0x00 is a nested map, 0x01 a NUL-terminated string, 0x02 a little-endian 32-bit number. Keys
 * are lowercased (as the reference reads them). Corrupt, truncated or oversized input gives `undefined`.
 */
export type BinaryVdfValue = string | number | BinaryVdfMap;
export interface BinaryVdfMap {
  [key: string]: BinaryVdfValue;
}

/** Largest file read (shortcuts.vdf of a few hundred games is tens of KiB). */
export const BINARY_VDF_MAX_BYTES = 4 * 1024 * 1024;
/** Deepest nesting of maps (a shortcut's tags are the deepest in shortcuts.vdf: 3 levels). */
export const BINARY_VDF_MAX_DEPTH = 16;

const MAP = 0x00;
const STRING = 0x01;
const NUMBER = 0x02;
const END = 0x08;

class Corrupt extends Error {}

export function parseBinaryVdf(bytes: Uint8Array): BinaryVdfMap | undefined {
  if (bytes.length === 0 || bytes.length > BINARY_VDF_MAX_BYTES) return undefined;
  const first = bytes[0];
  if (first !== MAP && first !== STRING && first !== NUMBER && first !== END) return undefined;
  const decoder = new TextDecoder("utf-8");
  let pos = 0;
  const str = (): string => {
    const end = bytes.indexOf(0, pos);
    if (end < 0) throw new Corrupt();
    const s = decoder.decode(bytes.subarray(pos, end));
    pos = end + 1;
    return s;
  };
  const map = (depth: number): BinaryVdfMap => {
    if (depth > BINARY_VDF_MAX_DEPTH) throw new Corrupt();
    const out: BinaryVdfMap = Object.create(null);
    for (;;) {
      if (pos >= bytes.length) throw new Corrupt();
      const type = bytes[pos++];
      if (type === END) return out;
      const key = str().toLowerCase();
      if (type === MAP) out[key] = map(depth + 1);
      else if (type === STRING) out[key] = str();
      else if (type === NUMBER) {
        if (pos + 4 > bytes.length) throw new Corrupt();
        out[key] = ((bytes[pos] as number) | ((bytes[pos + 1] as number) << 8) | ((bytes[pos + 2] as number) << 16) | ((bytes[pos + 3] as number) << 24)) >>> 0;
        pos += 4;
      } else throw new Corrupt();
    }
  };
  try {
    return map(0);
  } catch {
    return undefined;
  }
}
