import { ZapScriptError } from "./types.ts";

/** Most keys one input command may expand to, and the largest `*N` repeat (the reference's limits). */
export const INPUT_MACRO_MAX_KEYS = 5000;
export const INPUT_MACRO_MAX_REPEAT = 1000;

/**
 * Splits the argument of `input.keyboard` / `input.gamepad` (and the phone app's remote input) into keys, with
 * the reference's macro grammar:
 *
 * - every character is one key; `\` makes the next character a plain key (`\{`, `\\`); a trailing `\` is a
 *   backslash key;
 * - `{name}` is one named key or combo (`{enter}`, `{f12}`, `{ctrl+alt+del}`); `{a}` is just `a`;
 *   `{name*N}` repeats it N times (N ≤ 1000);
 * - `{"text"}` / `{text:text}` type the text literally, `{"text"*N}` N times (`\"` is a quote inside);
 * - `{delay:d}`, `{press:k}`, `{release:k}`, `{hold:k:d}` and the sigils `{_k}`, `{^k}`, `{~k:d}` pass through
 *   as written, for the device to interpret (src/core/input/key-plan.ts).
 *
 * At most 5000 keys in all. Throws ZapScriptError (at `offset`, where the text starts in its script).
 */
export function splitKeys(text: string, offset: number): string[] {
  const keys: string[] = [];
  const chars = [...text];
  const fail = (message: string): never => {
    throw new ZapScriptError(message, offset);
  };
  const add = (more: readonly string[]) => {
    if (keys.length + more.length > INPUT_MACRO_MAX_KEYS) fail(`key sequence longer than ${INPUT_MACRO_MAX_KEYS} keys`);
    keys.push(...more);
  };
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i]!;
    if (ch === "\\") {
      add([chars[i + 1] ?? "\\"]);
      i++;
    } else if (ch === "{") {
      const end = chars.indexOf("}", i + 1);
      if (end < 0) fail(`unmatched '{' in key sequence`);
      add(expandBraces(chars.slice(i + 1, end).join(""), fail));
      i = end;
    } else {
      add([ch]);
    }
  }
  return keys;
}

/** `input.text`: the whole argument typed literally, newline as `{enter}`, tab as `{tab}`. */
export function splitRawText(text: string, offset: number): string[] {
  const keys = [...text].map((ch) => (ch === "\n" ? "{enter}" : ch === "\t" ? "{tab}" : ch));
  if (keys.length > INPUT_MACRO_MAX_KEYS) throw new ZapScriptError(`text longer than ${INPUT_MACRO_MAX_KEYS} keys`, offset);
  return keys;
}

const PASS_THROUGH = ["delay:", "press:", "release:", "hold:"];

function expandBraces(content: string, fail: (message: string) => never): string[] {
  if (content === "") fail("empty '{}' in key sequence");
  if (content.startsWith('"')) {
    const { text, repeat } = quotedLiteral(content, fail);
    return repeatKeys([...text], repeat, fail);
  }
  if (content.startsWith("text:")) {
    const { name, repeat } = suffixRepeat(content.slice(5), fail);
    return repeatKeys([...name], repeat, fail);
  }
  if (PASS_THROUGH.some((p) => content.startsWith(p)) || "_^~".includes(content[0]!)) return [`{${content}}`];
  const { name, repeat } = suffixRepeat(content, fail);
  if (name === "") fail(`empty key name in '{${content}}'`);
  return repeatKeys([[...name].length === 1 ? name : `{${name}}`], repeat, fail);
}

function repeatKeys(keys: string[], repeat: number, fail: (message: string) => never): string[] {
  if (keys.length * repeat > INPUT_MACRO_MAX_KEYS) fail(`key sequence longer than ${INPUT_MACRO_MAX_KEYS} keys`);
  const out: string[] = [];
  for (let i = 0; i < repeat; i++) out.push(...keys);
  return out;
}

function repeatCount(digits: string, fail: (message: string) => never): number | undefined {
  if (!/^\d+$/.test(digits) || /^0+$/.test(digits)) return undefined;
  const n = Number(digits);
  if (n > INPUT_MACRO_MAX_REPEAT) fail(`repeat count ${digits} is more than ${INPUT_MACRO_MAX_REPEAT}`);
  return n;
}

/** `name*N` (the last `*` followed by a positive whole number); otherwise the whole text once. */
function suffixRepeat(s: string, fail: (message: string) => never): { name: string; repeat: number } {
  const at = s.lastIndexOf("*");
  const n = at < 0 ? undefined : repeatCount(s.slice(at + 1), fail);
  return n === undefined ? { name: s, repeat: 1 } : { name: s.slice(0, at), repeat: n };
}

/** `"text"` or `"text"*N`, with `\"` for a quote inside. */
function quotedLiteral(content: string, fail: (message: string) => never): { text: string; repeat: number } {
  let close = -1;
  for (let i = 1; i < content.length; i++) {
    if (content[i] === "\\") i++;
    else if (content[i] === '"') {
      close = i;
      break;
    }
  }
  if (close < 0) fail("unmatched quote in key sequence");
  const text = content.slice(1, close).replaceAll('\\"', '"');
  const rest = content.slice(close + 1);
  if (rest === "") return { text, repeat: 1 };
  if (!rest.startsWith("*")) fail(`unexpected ${JSON.stringify(rest)} after a quoted text in key sequence`);
  const n = repeatCount(rest.slice(1), fail);
  if (n === undefined) fail(`invalid repeat count ${JSON.stringify(rest.slice(1))} in key sequence`);
  return { text, repeat: n! };
}
