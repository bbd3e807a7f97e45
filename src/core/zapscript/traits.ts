import { Cursor, ESCAPE, isSpace } from "./cursor.ts";
import type { TraitValue } from "./types.ts";

/**
 * The traits shorthand of go-zapscript (traits.go): `#key=value #flag #tags=[a,b]` at the start of a command.
 *
 * - A key starts with a letter and holds letters, digits and `_`; it is lowercased. `#flag` alone is `true`.
 * - A value is quoted (`"…"` / `'…'`, always a string) or unquoted up to a space, `#` or `|`; unquoted values are
 *   typed: `true`/`false`, integers, decimals, else a string (`#key=` is ""). `^` escapes as in arguments.
 * - `[a, "b", 3]` is a list of such values (each element typed the same way).
 * - Several traits may follow one another, separated by spaces or not (`#a=1#b=2`), up to `||`.
 * - A bad key (`#123`, `#my-trait`, `#game.rom`) makes the whole command `invalid`: the parser drops it when the
 *   script has other commands and refuses the script otherwise, as go-zapscript does.
 *
 * The cursor is on the `#`. Pure; throws `ZapScriptError` for an unclosed quote or list.
 */
export interface TraitsRead {
  traits: Record<string, TraitValue>;
  /** A key was not a valid name: the command's traits are dropped (see above). */
  invalid: boolean;
}

const isKeyStart = (ch: string) => /^[A-Za-z]$/.test(ch);
const isKeyChar = (ch: string) => /^[A-Za-z0-9_]$/.test(ch);

export function readTraits(c: Cursor): TraitsRead {
  const traits: Record<string, TraitValue> = {};
  c.next(); // '#'
  for (;;) {
    if (c.done) return { traits, invalid: false };
    if (!isKeyStart(c.peek())) return invalid(c);
    let key = "";
    while (isKeyChar(c.peek())) key += c.next().toLowerCase();
    let value: TraitValue = true;
    if (c.peek() === "=") {
      c.next();
      value = readValue(c);
    } else if (!(c.done || c.peek() === "|" || c.peek() === "#" || isSpace(c.peek()))) {
      return invalid(c);
    }
    traits[key] = value;
    // the next trait, spaces, or the end of the command
    for (;;) {
      if (c.done) return { traits, invalid: false };
      const ch = c.peek();
      if (ch === "|") {
        c.next();
        if (c.done || c.peek() === "|") {
          if (!c.done) c.next();
          return { traits, invalid: false };
        }
        continue; // a single `|` is skipped
      }
      if (isSpace(ch)) {
        c.next();
        continue;
      }
      if (ch === "#") {
        c.next();
        break;
      }
      return { traits, invalid: false }; // anything else starts a new command
    }
  }
}

function invalid(c: Cursor): TraitsRead {
  c.readRawToCommandEnd();
  if (c.startsWith("||")) c.pos += 2;
  return { traits: {}, invalid: true };
}

function readValue(c: Cursor): TraitValue {
  const first = c.peek();
  if (first === '"' || first === "'") return readQuoted(c);
  if (first === "[") return readList(c);
  let text = "";
  while (!c.done && c.peek() !== "|" && c.peek() !== "#" && !isSpace(c.peek())) text += readChar(c);
  return typed(text);
}

/** One character of a value, `^x` read as its escape. */
function readChar(c: Cursor): string {
  const ch = c.next();
  return ch === ESCAPE ? c.readEscaped() : ch;
}

function readQuoted(c: Cursor): string {
  const start = c.pos;
  const quote = c.next();
  let text = "";
  while (!c.done) {
    const ch = c.next();
    if (ch === quote) return text;
    text += ch === ESCAPE ? c.readEscaped() : ch;
  }
  return c.fail("unmatched quote in trait value", start);
}

function readList(c: Cursor): TraitValue[] {
  const start = c.pos;
  c.next(); // '['
  const items: TraitValue[] = [];
  const unclosed = () => c.fail("unmatched '[' in trait value", start);
  const skipSpaces = () => {
    while (!c.done && isSpace(c.peek())) c.next();
  };
  for (;;) {
    skipSpaces();
    if (c.done) unclosed();
    if (c.peek() === "]") {
      c.next();
      return items; // `[]`, or a trailing comma as in `[a,]`
    }
    if (c.peek() === '"' || c.peek() === "'") items.push(readQuoted(c));
    else {
      let text = "";
      while (!c.done && c.peek() !== "," && c.peek() !== "]" && !isSpace(c.peek())) text += readChar(c);
      items.push(typed(text.trim()));
    }
    skipSpaces();
    const ch = c.next();
    if (ch === "]") return items;
    if (ch !== ",") unclosed();
  }
}

/**
 * go-zapscript's inferType for an unquoted value: booleans, then integers, then decimals, else the text. (Go also
 * reads `inf`/`nan` as numbers; they stay text here, as JSON has no such numbers.)
 */
function typed(text: string): TraitValue {
  if (text === "true") return true;
  if (text === "false") return false;
  if (/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text)) return Number(text);
  return text;
}
