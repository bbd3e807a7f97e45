/**
 * Debian's libnode reads a few builtins (undici, acorn) from absolute paths under /usr/share/nodejs at every
 * start. The runtime folder ships those files itself, and this rewrites the prefix inside libnode to a path of
 * the same length that the start script points at the folder: /proc/self/fd/9 (the script opens fd 9 on
 * runtime/share/nodejs), padded with slashes. Pure: bytes in, bytes out.
 */
export const DEBIAN_PREFIX = "/usr/share/nodejs";
export const FD_PREFIX = "/proc/self/fd///9";

export interface PatchResult {
  bytes: Uint8Array;
  /** The subpaths (after the prefix) that were rewritten, e.g. "/undici/undici-fetch.js". */
  rewritten: string[];
}

export function patchBuiltinPrefix(input: Uint8Array, from = DEBIAN_PREFIX, to = FD_PREFIX): PatchResult {
  if (from.length !== to.length) throw new Error(`replacement must keep the length (${from.length} vs ${to.length})`);
  const bytes = new Uint8Array(input);
  const needle = new TextEncoder().encode(`${from}/`);
  const replacement = new TextEncoder().encode(to);
  const rewritten: string[] = [];
  let i = indexOf(bytes, needle, 0);
  while (i >= 0) {
    let end = i + needle.length;
    while (end < bytes.length && bytes[end] !== 0 && end - i < 512) end++;
    const suffix = new TextDecoder().decode(bytes.subarray(i + from.length, end));
    // Only whole C strings that name a file: printable, ending at a NUL.
    if (bytes[end] === 0 && /^\/[\x21-\x7e]+$/.test(suffix)) {
      bytes.set(replacement, i);
      rewritten.push(suffix);
    }
    i = indexOf(bytes, needle, end);
  }
  return { bytes, rewritten };
}

function indexOf(hay: Uint8Array, needle: Uint8Array, from: number): number {
  const first = needle[0];
  outer: for (let i = hay.indexOf(first as number, from); i >= 0 && i <= hay.length - needle.length; i = hay.indexOf(first as number, i + 1)) {
    for (let j = 1; j < needle.length; j++) if (hay[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}
