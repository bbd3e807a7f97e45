/** Replacing characters through a table, and removing characters in code point ranges. Pure. */

/** A function replacing every character that is a key of `map` (single BMP characters) by its value. */
export function charMapper(map: Readonly<Record<string, string>>): (s: string) => string {
  const keys = Object.keys(map).map((k) => k.replace(/[\\\]^-]/g, "\\$&"));
  const any = new RegExp(`[${keys.join("")}]`, "g");
  return (s) => {
    any.lastIndex = 0;
    if (!any.test(s)) return s;
    return s.replace(any, (c) => map[c] ?? c);
  };
}

/** A function removing every character whose code point lies in one of the ranges (BMP only). */
export function rangeRemover(ranges: readonly (readonly number[])[]): (s: string) => string {
  const hex = (c: number) => `\\u${c.toString(16).padStart(4, "0")}`;
  const any = new RegExp(`[${ranges.map(([a = 0, b = 0]) => `${hex(a)}-${hex(b)}`).join("")}]+`, "g");
  return (s) => s.replace(any, "");
}
