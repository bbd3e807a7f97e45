/**
 * JSON as the reference reads and writes it (Go's encoding/json, decoding into untyped values): numbers are
 * 64-bit floats and one too large is an error; writing sorts object keys by code point, writes `<` `>` `&`
 * U+2028 U+2029 as `\uXXXX` escapes, text that is not valid UTF-16 as U+FFFD, and -0 as `-0`.
 */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** The value of `text`, or undefined when Go would refuse it. */
export function goJsonParse(text: string): { value: JsonValue } | undefined {
  let value: JsonValue;
  try {
    value = JSON.parse(text) as JsonValue;
  } catch {
    return undefined;
  }
  return allFinite(value) ? { value } : undefined;
}

function allFinite(v: JsonValue): boolean {
  if (typeof v === "number") return Number.isFinite(v);
  if (Array.isArray(v)) return v.every(allFinite);
  if (v !== null && typeof v === "object") return Object.values(v).every(allFinite);
  return true;
}

export function goJsonStringify(v: JsonValue): string {
  if (v === null) return "null";
  if (typeof v === "boolean") return String(v);
  if (typeof v === "number") return Object.is(v, -0) ? "-0" : String(v);
  if (typeof v === "string") return goString(v);
  if (Array.isArray(v)) return `[${v.map(goJsonStringify).join(",")}]`;
  const keys = Object.keys(v).sort(byCodePoint);
  return `{${keys.map((k) => `${goString(k)}:${goJsonStringify(v[k]!)}`).join(",")}}`;
}

const HTML_SAFE: Record<string, string> = { "<": "\\u003c", ">": "\\u003e", "&": "\\u0026", "\u2028": "\\u2028", "\u2029": "\\u2029" };

/** Text with every lone surrogate (not valid UTF-16) replaced by U+FFFD, as Go writes bad UTF-8. */
function wellFormed(s: string): string {
  let out = "";
  for (const ch of s) out += ch.length === 1 && ch >= "\ud800" && ch <= "\udfff" ? "\ufffd" : ch;
  return out;
}

function goString(s: string): string {
  return JSON.stringify(wellFormed(s)).replace(/[<>&\u2028\u2029]/g, (ch) => HTML_SAFE[ch]!);
}

/** Go compares strings byte by byte in UTF-8, which is code point order (not UTF-16 unit order). */
export function byCodePoint(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = x[i]!.codePointAt(0)! - y[i]!.codePointAt(0)!;
    if (d !== 0) return d;
  }
  return x.length - y.length;
}
