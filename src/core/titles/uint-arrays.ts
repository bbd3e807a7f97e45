/** Arrays of unsigned integers in the fewest bytes their largest value needs (one system's tables: mostly 16 bits). */
export type UintArray = Uint8Array | Uint16Array | Uint32Array;

/** An array of `length` zeros able to hold values up to `max` (at most 2^32 - 1). */
export function uintArray(length: number, max: number): UintArray {
  if (max <= 0xff) return new Uint8Array(length);
  if (max <= 0xffff) return new Uint16Array(length);
  return new Uint32Array(length);
}

/** The values in an array of the fewest bytes that holds them. */
export function uintArrayOf(values: ArrayLike<number>): UintArray {
  let max = 0;
  for (let i = 0; i < values.length; i++) max = Math.max(max, values[i] as number);
  const out = uintArray(values.length, max);
  out.set(values);
  return out;
}

/** Ids as given when each fits in 32 bits (signed), else as doubles. */
export function idArrayOf(values: readonly number[]): Int32Array | Float64Array {
  const fits = values.every((v) => Number.isInteger(v) && v >= -0x80000000 && v <= 0x7fffffff);
  return fits ? Int32Array.from(values) : Float64Array.from(values);
}
