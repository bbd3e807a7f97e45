import { PARSE_ERRORS } from "./errors.ts";
import { EOF, type ScriptReader } from "./reader.ts";
import { isNameChar, isNameStart, isQuote, isWhitespace, SYM, trimSpace } from "./symbols.ts";
import type { TraitValue } from "./types.ts";

/**
 * The traits shorthand `#key=value #flag #tags=[a,b]` at the start of a command, as the reference reads it; the
 * reader is after the `#`.
 *
 * - A key starts with an ASCII letter and holds letters, digits and `_`; it is lowercased. `#flag` alone is true.
 * - A value is quoted (`"…"` / `'…'`, a string) or runs to a space, `#`, `|` or the end; an unquoted value is
 *   typed (typed-value.ts). `[a, "b", 3]` is a list of such values. `^` escapes.
 * - Traits may follow one another (`#a=1 #b=2`, `#a=1#b=2`) up to `||`; other text after one starts a new command.
 * - A bad key (`#123`, `#my-trait`) makes the rest of the command `invalid` and drops its traits: the script
 *   ignores it when it has other commands and is refused otherwise.
 */
export type TraitsRead = { ok: true; traits: Map<string, TraitValue> } | { ok: false };

export function readTraits(r: ScriptReader): TraitsRead {
  const traits = new Map<string, TraitValue>();
  for (;;) {
    const ch = r.read();
    if (ch === EOF) return { ok: true, traits };
    if (!isNameStart(ch)) return invalid(r);
    let key = ch.toLowerCase();
    while (r.peek() !== EOF && isNameChar(r.peek())) key += r.read().toLowerCase();
    const next = r.peek();
    let value: TraitValue = true;
    if (next === SYM.advArgEq) {
      r.skip();
      value = readValue(r);
    } else if (!(next === EOF || next === SYM.cmdSep || next === SYM.traitsStart || isWhitespace(next))) {
      return invalid(r);
    }
    traits.set(key, value);
    if (!toNextTrait(r)) return { ok: true, traits };
  }
}

/** After a trait: skips spaces and lone `|` to the next `#` (true) or the end of the command (false). */
function toNextTrait(r: ScriptReader): boolean {
  for (;;) {
    const next = r.peek();
    if (next === EOF) return false;
    if (next === SYM.cmdSep) {
      if (r.endsCommand(r.read())) return false;
    } else if (isWhitespace(next)) {
      r.skip();
    } else if (next === SYM.traitsStart) {
      r.skip();
      return true;
    } else {
      return false;
    }
  }
}

function invalid(r: ScriptReader): TraitsRead {
  r.restOfCommand();
  return { ok: false };
}

function readValue(r: ScriptReader): TraitValue {
  const first = r.peek();
  if (isQuote(first)) {
    r.skip();
    return readQuoted(r, first);
  }
  if (first === SYM.arrayStart) {
    r.skip();
    return readList(r);
  }
  let text = "";
  for (;;) {
    const next = r.peek();
    if (next === EOF || next === SYM.cmdSep || next === SYM.traitsStart || isWhitespace(next)) break;
    text += readChar(r);
  }
  return typedValue(text);
}

/** One character of a value, `^x` read as its escape. */
function readChar(r: ScriptReader): string {
  const ch = r.read();
  if (ch !== SYM.escape) return ch;
  r.peek(); // as the reference, which looks at the escaped character first
  return r.escaped() || SYM.escape;
}

/** A quoted value after its opening quote; escapes apply. */
function readQuoted(r: ScriptReader, quote: string): string {
  let text = "";
  for (;;) {
    const ch = r.read();
    if (ch === EOF) r.fail(PARSE_ERRORS.unmatchedQuote);
    if (ch === quote) return text;
    if (ch === SYM.escape) {
      r.peek();
      text += r.escaped() || SYM.escape;
    } else text += ch;
  }
}

/** `[a, "b", 3]` after its `[` (`[]` and a trailing comma `[a,]` are fine). */
function readList(r: ScriptReader): TraitValue[] {
  const items: TraitValue[] = [];
  const skipSpaces = () => {
    while (isWhitespace(r.peek())) r.skip();
  };
  for (;;) {
    skipSpaces();
    const next = r.peek();
    if (next === EOF) r.fail(PARSE_ERRORS.unmatchedArrayBracket);
    if (next === SYM.arrayEnd) {
      r.skip();
      return items;
    }
    items.push(readItem(r));
    skipSpaces();
    const after = r.peek();
    if (after === EOF) r.fail(PARSE_ERRORS.unmatchedArrayBracket);
    r.skip();
    if (after === SYM.arrayEnd) return items;
    if (after !== SYM.arraySep) r.fail(PARSE_ERRORS.unmatchedArrayBracket);
  }
}

function readItem(r: ScriptReader): TraitValue {
  const first = r.peek();
  if (isQuote(first)) {
    r.skip();
    return readQuoted(r, first);
  }
  let text = "";
  for (;;) {
    const next = r.peek();
    if (next === EOF || next === SYM.arraySep || next === SYM.arrayEnd || isWhitespace(next)) break;
    text += readChar(r);
  }
  return typedValue(trimSpace(text));
}

/**
 * The reference's type of an unquoted value: "" stays "", `true`/`false` are booleans, then a 64-bit integer,
 * then a decimal number in range (Go's syntax: `1e3`, `.5`, `5.`, `0x1p4`), else the text. Go also reads `inf`/`nan` as
 * numbers; they stay text here, as JSON (and so the API) has no such numbers.
 */
export function typedValue(text: string): TraitValue {
  if (text === "true") return true;
  if (text === "false") return false;
  if (/^[+-]?[0-9]+$/.test(text)) {
    const n = BigInt(text);
    if (n >= -(2n ** 63n) && n < 2n ** 63n) return Number(n);
  }
  const hex = HEX_FLOAT.exec(text);
  const n = DECIMAL.test(text) ? Number(text) : hex ? hexFloat(hex[1] === "-", hex[2]!, hex[3]!) : Number.NaN;
  return Number.isFinite(n) ? n : text; // out of range is an error in Go: the text stays
}

const DECIMAL = /^[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?$/;
const HEX_FLOAT = /^([+-]?)0[xX]([0-9a-fA-F]*\.?[0-9a-fA-F]*)[pP]([+-]?[0-9]+)$/;

function hexFloat(negative: boolean, mantissa: string, exponent: string): number {
  const [int = "", frac = ""] = mantissa.split(".");
  if (int === "" && frac === "") return Number.NaN;
  const value = (parseInt(int || "0", 16) + (frac ? parseInt(frac, 16) / 16 ** frac.length : 0)) * 2 ** Number(exponent);
  return negative ? -value : value;
}
