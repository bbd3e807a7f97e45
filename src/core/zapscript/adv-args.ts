import { readJsonArg } from "./json-arg.ts";
import { EOF, type ScriptReader } from "./reader.ts";
import { isNameChar, isQuote, SYM, trimSpace } from "./symbols.ts";

/**
 * Advanced arguments `?name=value&name2=value2`, as the reference reads them; the reader is after the `?`.
 *
 * - A name holds ASCII letters, digits and `_`; `name` alone has the value "", a value with no name is dropped.
 * - A value runs to `&` or the end of the command; `^` escapes, `[[…]]` are expressions; a value starting with a
 *   quote or `{` is a quoted string or a JSON value (text after it is appended). Values are trimmed.
 * - Any other character where a name is read makes the whole `?…` ordinary text: `invalid` holds what was read
 *   (the text of quoted, JSON and expression values left out, as the reference keeps it), and the caller carries
 *   on after it.
 */
export type AdvArgsRead = { ok: true; advArgs: Map<string, string> } | { ok: false; read: string };

export function readAdvArgs(r: ScriptReader): AdvArgsRead {
  const advArgs = new Map<string, string>();
  let inValue = false;
  let name = "";
  let value = "";
  let valueStart = -1;
  let read = "";
  const store = () => {
    if (name !== "") advArgs.set(name, trimSpace(value));
    name = "";
    value = "";
  };
  for (;;) {
    const ch = r.read();
    if (ch === EOF) break;
    read += ch;
    if (inValue) {
      const first = valueStart === r.pos - 1;
      if (first && isQuote(ch)) {
        value = r.quoted(ch);
        continue;
      }
      if (first && ch === SYM.jsonStart) {
        value = readJsonArg(r);
        continue;
      }
      if (ch === SYM.escape) {
        const raw = r.peek();
        const next = r.escaped();
        if (next === "") value += SYM.escape;
        else {
          read += raw;
          value += next;
        }
        continue;
      }
    }
    if (r.endsCommand(ch)) break;
    if (ch === SYM.advArgSep) {
      store();
      inValue = false;
    } else if (ch === SYM.advArgEq && !inValue) {
      valueStart = r.pos;
      inValue = true;
    } else if (inValue) {
      value += ch === SYM.exprStart ? r.expression() : ch;
    } else if (!isNameChar(ch)) {
      return { ok: false, read };
    } else {
      name += ch;
    }
  }
  store();
  return { ok: true, advArgs };
}
