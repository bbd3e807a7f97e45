/** Go string semantics the title code needs: UTF-8 lengths, code-point order, Go white space and lower case. */

export {
  fields as goFields,
  isGoSpace,
  toLowerGo as goToLower,
  trimSpace as goTrimSpace,
} from "../slugs/go-strings.ts";

/** UTF-8 length of a string (Go's len on a string). */
export function byteLength(s: string): number {
  let n = 0;
  for (const ch of s) {
    const cp = ch.codePointAt(0) ?? 0;
    n += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
  }
  return n;
}

/** Number of code points (utf8.RuneCountInString). */
export function runeCount(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/** Go's string order (UTF-8 bytes, i.e. code points), unlike JavaScript's UTF-16 order. */
export function compareGoStrings(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    const xs = x >= 0xd800 && x <= 0xdfff;
    const ys = y >= 0xd800 && y <= 0xdfff;
    if (xs !== ys) return xs ? 1 : -1;
    return x < y ? -1 : 1;
  }
  return a.length - b.length;
}

/** The last element of a slash path as Go's `path/filepath.Base` gives it ("." for "", "/" for "/"). */
export function goPathBase(path: string): string {
  let end = path.length;
  while (end > 1 && path[end - 1] === "/") end--;
  const trimmed = path.slice(0, end);
  if (trimmed === "") return ".";
  if (trimmed === "/") return "/";
  return trimmed.slice(trimmed.lastIndexOf("/") + 1);
}
