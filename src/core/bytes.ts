/** Byte helpers shared by the readers and the NDEF code. Pure. */

/** Lowercase hex, two digits a byte (token `data`, uids). */
export function toHex(bytes: Uint8Array): string {
  let s = "";
  for (const b of bytes) s += b.toString(16).padStart(2, "0");
  return s;
}

/** `a` followed by `b`, in a new array. */
export function concatBytes(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}
