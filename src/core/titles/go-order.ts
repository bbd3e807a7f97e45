/** Sorting in Go's string order quickly: JavaScript's own order agrees with it on most strings. */
import { compareGoStrings } from "./go-strings.ts";

/** UTF-16 and UTF-8 orders part only where a surrogate meets a unit from U+E000 up; below U+D800 they agree. */
const HIGH_UNIT = 0xd800;

const nativeOrder = (a: string, b: string): number => (a === b ? 0 : a < b ? -1 : 1);

/** Whether JavaScript's order of these strings is Go's order. */
export function nativeOrderIsGoOrder(strings: readonly string[]): boolean {
  for (const s of strings) {
    for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) >= HIGH_UNIT) return false;
  }
  return true;
}

/** A comparator in Go's string order, the faster native one when `native` (see {@link nativeOrderIsGoOrder}). */
export function goOrder(native: boolean): (a: string, b: string) => number {
  return native ? nativeOrder : compareGoStrings;
}
