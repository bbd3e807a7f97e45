import { Cursor, ESCAPE, isAdvArgNameChar, isAdvArgNameStart } from "./cursor.ts";

/**
 * What earlier attempts on the same script learnt, so that a command with many `?` (each one tried as the start
 * of advanced arguments) is read in linear time: the positions (after `?` or `&`) from which the rest is known
 * not to be advanced arguments, and for each position inside a plain value already read, where that value ends.
 * Both depend only on the script and the position.
 */
interface Memo {
  failedFrom: Set<number>;
  plainEnd: Map<number, number>;
}
const memos = new WeakMap<Cursor, Memo>();

function memoOf(c: Cursor): Memo {
  let memo = memos.get(c);
  if (!memo) memos.set(c, (memo = { failedFrom: new Set(), plainEnd: new Map() }));
  return memo;
}

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
  const memo = memoOf(c);
  const tried: number[] = [];
  const values: Array<[string, string | [number, number]]> = [];
  c.next(); // '?'
  for (;;) {
    if (memo.failedFrom.has(c.pos) || !isAdvArgNameStart(c.peek())) return rewind(c, start, memo, tried);
    tried.push(c.pos);
    let name = "";
    while (isAdvArgNameChar(c.peek())) name += c.next();
    let value: string | [number, number] = "";
    if (c.peek() === "=") {
      c.next();
      value = readValue(c, memo);
    }
    values.push([name, value]);
    if (c.atCommandEnd()) break;
    if (c.peek() !== "&") return rewind(c, start, memo, tried);
    c.next();
  }
  const out: Record<string, string> = {};
  for (const [name, value] of values) out[name] = typeof value === "string" ? value : plainText(c.src, value[0], value[1]);
  return out;
}

/** A value: quoted or JSON text, or the span of a plain value (its text is built only when the args are valid). */
function readValue(c: Cursor, memo: Memo): string | [number, number] {
  const first = c.peek();
  if (first === '"' || first === "'") return c.readQuoted();
  if (first === "{") return c.readJson();
  const start = c.pos;
  const visited: number[] = [];
  while (!c.atCommandEnd() && c.peek() !== "&") {
    const known = memo.plainEnd.get(c.pos);
    if (known !== undefined) {
      c.pos = known;
      break;
    }
    visited.push(c.pos);
    if (c.atExpression()) c.readExpression();
    else if (c.next() === ESCAPE && !c.done) c.pos++;
  }
  for (const at of visited) memo.plainEnd.set(at, c.pos);
  return [start, c.pos];
}

/** The text of a plain value: escapes applied, trimmed. */
function plainText(src: string, start: number, end: number): string {
  const c = new Cursor(src.slice(start, end));
  let out = "";
  while (!c.done) {
    if (c.atExpression()) {
      out += c.readExpression();
      continue;
    }
    const ch = c.next();
    out += ch === ESCAPE ? c.readEscaped() : ch;
  }
  return out.trim();
}

function rewind(c: Cursor, to: number, memo: Memo, tried: readonly number[]): null {
  for (const at of tried) memo.failedFrom.add(at);
  c.pos = to;
  return null;
}
