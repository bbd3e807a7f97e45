/** Go string semantics the title code needs: UTF-8 lengths, code-point order, Go white space and lower case. */

export {
  fields as goFields,
  isGoSpace,
  toLowerGo as goToLower,
  trimSpace as goTrimSpace,
} from "../slugs/go-strings.ts";
/** UTF-8 length (Go's len on a string) and code point count (utf8.RuneCountInString): the tag parser's. */
export { utf8Length as byteLength, runeCount } from "../tags/chars.ts";

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
