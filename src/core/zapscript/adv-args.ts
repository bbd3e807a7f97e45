import { type Cursor, ESCAPE, isAdvArgNameChar, isAdvArgNameStart } from "./cursor.ts";

/**
 * Tries to read advanced arguments; the cursor is on `?`. Grammar: `?name=value&name2=value2`, names start with a
 * letter and hold letters, digits and `_`; a value is plain text (escapes apply), a quoted string or a `{…}` JSON
 * value; `name` alone means an empty value. They end at `||` or the end of the script.
 *
 * Returns `null` and leaves the cursor where it was when the text is not valid advanced arguments: the caller
 * then treats the `?` as ordinary text (e.g. a file named `What?.sfc`).
 */
export function tryReadAdvArgs(c: Cursor): Record<string, string> | null {
  const start = c.pos;
  const out: Record<string, string> = {};
  c.next(); // '?'
  for (;;) {
    if (!isAdvArgNameStart(c.peek())) return rewind(c, start);
    let name = "";
    while (isAdvArgNameChar(c.peek())) name += c.next();
    let value = "";
    if (c.peek() === "=") {
      c.next();
      value = readValue(c);
    }
    out[name] = value;
    if (c.atCommandEnd()) return out;
    if (c.peek() !== "&") return rewind(c, start);
    c.next();
  }
}

function readValue(c: Cursor): string {
  const first = c.peek();
  if (first === '"' || first === "'") return c.readQuoted();
  if (first === "{") return c.readJson();
  let out = "";
  while (!c.atCommandEnd() && c.peek() !== "&") {
    const ch = c.next();
    out += ch === ESCAPE ? c.readEscaped() : ch;
  }
  return out.trim();
}

function rewind(c: Cursor, to: number): null {
  c.pos = to;
  return null;
}
