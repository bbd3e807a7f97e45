import { readAdvArgs } from "./adv-args.ts";
import { readJsonArg } from "./json-arg.ts";
import { EOF, type ScriptReader } from "./reader.ts";
import { isQuote, isWhitespace, SYM, trimSpace } from "./symbols.ts";

export interface ArgsRead {
  args: string[];
  advArgs: Map<string, string>;
}

export interface ArgsOptions {
  /** Text already read that starts the first argument (a launch path that began like something else). */
  prefix?: string;
  /** The command had `?` right after its name: a lone argument is kept only when it holds text. */
  onlyAdvArgs?: boolean;
  /** `,` does not separate arguments (a launch path is one argument). */
  oneArg?: boolean;
}

/**
 * The arguments of a command up to the end of the command, as the reference reads them:
 *
 * - `,` separates arguments, each trimmed; an argument starting with a quote is a quoted string, one starting
 *   with `{` a JSON value (see json-arg.ts); text after either is appended. A quote anywhere else is a character.
 * - `^` escapes the next character; `[[…]]` is an expression (kept marked, evaluated when the command runs).
 * - `?` starts advanced arguments (adv-args.ts), which end the command; when they are not valid, the `?` and
 *   what was read of them are part of the argument.
 * - `**cmd:` has no argument; `**cmd:""` one empty argument; `**cmd:a,` a trailing empty one.
 */
export function readArgs(r: ScriptReader, options: ArgsOptions = {}): ArgsRead {
  const { prefix = "", onlyAdvArgs = false, oneArg = false } = options;
  const args: string[] = [];
  let advArgs = new Map<string, string>();
  let current = prefix;
  let argStart = r.pos;
  let written = prefix !== ""; // "**cmd:" has no argument, "**cmd:''" one empty one
  for (;;) {
    const ch = r.read();
    if (ch === EOF) break;
    const first = argStart === r.pos - 1;
    if (first && isQuote(ch)) {
      current = r.quoted(ch);
      written = true;
      continue;
    }
    if (first && ch === SYM.jsonStart) {
      current = readJsonArg(r);
      written = true;
      continue;
    }
    if (ch === SYM.escape) {
      const next = r.escaped();
      current += next === "" ? SYM.escape : next;
      written = true;
      continue;
    }
    if (r.endsCommand(ch)) break;
    if (!oneArg && ch === SYM.argSep) {
      args.push(trimSpace(current));
      current = "";
      argStart = r.pos;
      written = false;
    } else if (ch === SYM.advArgStart) {
      const adv = readAdvArgs(r);
      if (!adv.ok) {
        current += SYM.advArgStart + adv.read;
        continue;
      }
      advArgs = adv.advArgs;
      break; // advanced arguments end the command
    } else if (ch === SYM.exprStart) {
      current += r.expression();
      written = true;
    } else {
      current += ch;
      if (!isWhitespace(ch)) written = true;
    }
  }
  current = trimSpace(current);
  if (current !== "" || (written && !onlyAdvArgs)) args.push(current);
  return { args, advArgs };
}
