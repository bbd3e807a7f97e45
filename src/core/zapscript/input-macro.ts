import { readAdvArgs } from "./adv-args.ts";
import { PARSE_ERRORS } from "./errors.ts";
import { EOF, type ScriptReader } from "./reader.ts";
import { SYM } from "./symbols.ts";

/** Most keys one input command may expand to, and the largest `*N` repeat (the reference's limits). */
export const INPUT_MACRO_MAX_KEYS = 5000;
export const INPUT_MACRO_MAX_REPEAT = 1000;

/** Counts the keys of one command against INPUT_MACRO_MAX_KEYS. */
class KeyCount {
  n = 0;
  constructor(private readonly r: ScriptReader) {}
  add(more: number): void {
    this.n += more;
    if (this.n > INPUT_MACRO_MAX_KEYS) this.r.fail(PARSE_ERRORS.macroTooLong);
  }
  fail(message: string): never {
    return this.r.fail(message);
  }
}

/**
 * The key sequence of `input.keyboard` / `input.gamepad` (also the phone app's remote input), with the
 * reference's macro grammar, up to the end of the command:
 *
 * - every character is one key; `\` makes the next character a plain key (a trailing `\` is a backslash key);
 * - `{name}` is one named key or combo (`{enter}`, `{ctrl+alt+del}`; `{a}` is just `a`), `{name*N}` N of them;
 * - `{"text"}` / `{text:text}` type the text, `{"text"*N}` N times (`\"` is a quote inside);
 * - `{delay:d}`, `{press:k}`, `{release:k}`, `{hold:k:d}` and the sigils `{_k}`, `{^k}`, `{~k:d}` pass through
 *   as written, for the device to interpret (src/core/input/key-plan.ts);
 * - `[[…]]` is one key, an expression; `?` starts advanced arguments when they are valid, else is a key (and so
 *   is each character read after it).
 *
 * At most 5000 keys and N ≤ 1000.
 */
export function readInputMacroArg(r: ScriptReader): { args: string[]; advArgs: Map<string, string> } {
  const args: string[] = [];
  let advArgs = new Map<string, string>();
  const count = new KeyCount(r);
  for (;;) {
    const ch = r.read();
    if (ch === EOF) break;
    if (ch === SYM.macroEscape) {
      const next = r.read();
      if (next === EOF) {
        args.push(SYM.macroEscape);
        break;
      }
      count.add(1);
      args.push(next);
      continue;
    }
    if (r.endsCommand(ch)) break;
    if (ch === SYM.macroExtStart) {
      args.push(...expandBraces(readBraces(r), count));
    } else if (ch === SYM.exprStart) {
      const key = r.expression();
      count.add(1);
      args.push(key);
    } else if (ch === SYM.advArgStart) {
      const adv = readAdvArgs(r);
      if (adv.ok) {
        advArgs = adv.advArgs;
        break;
      }
      for (const key of SYM.advArgStart + adv.read) {
        count.add(1);
        args.push(key);
      }
    } else {
      count.add(1);
      args.push(ch);
    }
  }
  return { args, advArgs };
}

/** `input.text`: the rest of the command typed as written, newline as `{enter}` and tab as `{tab}`. */
export function readInputRawArg(r: ScriptReader): string[] {
  const args: string[] = [];
  const count = new KeyCount(r);
  for (;;) {
    const ch = r.read();
    if (ch === EOF || r.endsCommand(ch)) return args;
    count.add(1);
    args.push(ch === "\n" ? "{enter}" : ch === "\t" ? "{tab}" : ch);
  }
}

/** What is between `{` (just read) and `}`, as written. */
function readBraces(r: ScriptReader): string {
  let out = "";
  for (;;) {
    const ch = r.read();
    if (ch === EOF) r.fail(PARSE_ERRORS.unmatchedMacroExt);
    if (ch === SYM.macroExtEnd) return out;
    out += ch;
  }
}

const PASS_THROUGH = ["delay:", "press:", "release:", "hold:"];
const SIGILS = "_^~";

function expandBraces(content: string, count: KeyCount): string[] {
  if (content === "") count.fail(PARSE_ERRORS.unmatchedMacroExt);
  if (content.startsWith('"')) {
    const { text, repeat } = quotedLiteral(content, count);
    return repeatKeys([...text], repeat, count);
  }
  if (content.startsWith("text:")) {
    const { name, repeat } = suffixRepeat(content.slice("text:".length), count);
    return repeatKeys([...name], repeat, count);
  }
  if (PASS_THROUGH.some((p) => content.startsWith(p)) || SIGILS.includes(content[0]!)) {
    count.add(1);
    return [`{${content}}`];
  }
  const { name, repeat } = suffixRepeat(content, count);
  if (name === "") count.fail(PARSE_ERRORS.macroEmptyKey);
  return repeatKeys([[...name].length === 1 ? name : `{${name}}`], repeat, count);
}

function repeatKeys(keys: string[], repeat: number, count: KeyCount): string[] {
  count.add(keys.length * repeat);
  const out: string[] = [];
  for (let i = 0; i < repeat; i++) out.push(...keys);
  return out;
}

const MAX_UINT64 = 18446744073709551615n;

/**
 * A repeat count: a positive whole number (Go's ParseUint: digits only, at most 2^64-1); undefined when the
 * text is not one. Above INPUT_MACRO_MAX_REPEAT is an error.
 */
function repeatCount(digits: string, count: KeyCount): number | undefined {
  if (!/^[0-9]+$/.test(digits)) return undefined;
  const n = BigInt(digits);
  if (n === 0n || n > MAX_UINT64) return undefined;
  if (n > BigInt(INPUT_MACRO_MAX_REPEAT)) count.fail(PARSE_ERRORS.macroRepeatTooLarge);
  return Number(n);
}

/** `name*N` (the last `*` followed by a repeat count); otherwise the whole text once. */
function suffixRepeat(s: string, count: KeyCount): { name: string; repeat: number } {
  const at = s.lastIndexOf("*");
  const n = at < 0 ? undefined : repeatCount(s.slice(at + 1), count);
  return n === undefined ? { name: s, repeat: 1 } : { name: s.slice(0, at), repeat: n };
}

/** `"text"` or `"text"*N`, with `\"` for a quote inside. */
function quotedLiteral(content: string, count: KeyCount): { text: string; repeat: number } {
  let close = -1;
  for (let i = 1; i < content.length; i++) {
    if (content[i] === "\\") i++;
    else if (content[i] === '"') {
      close = i;
      break;
    }
  }
  if (close < 0) count.fail(PARSE_ERRORS.unmatchedQuote);
  const text = content.slice(1, close).replaceAll('\\"', '"');
  const rest = content.slice(close + 1);
  if (rest === "") return { text, repeat: 1 };
  const n = rest.startsWith("*") ? repeatCount(rest.slice(1), count) : undefined;
  if (n === undefined) count.fail(rest.startsWith("*") ? `invalid repeat count in quoted literal: ${JSON.stringify(rest.slice(1))}` : `unexpected content after quoted literal: ${JSON.stringify(rest)}`);
  return { text, repeat: n };
}
