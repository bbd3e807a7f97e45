import { readArgs } from "./args.ts";
import { PARSE_ERRORS } from "./errors.ts";
import { readInputMacroArg, readInputRawArg } from "./input-macro.ts";
import { EOF, type ScriptReader } from "./reader.ts";
import { isCmdNameChar, SYM } from "./symbols.ts";
import { INPUT_MACRO_COMMANDS, INPUT_RAW_COMMANDS, type ZapCommand } from "./types.ts";

/**
 * A command after its `**`: `name`, `name:args…`, `name?advArgs`. The name holds ASCII letters, digits and `.`
 * and is lowercased. Any other character in the name makes the command not one (`badName`: the text read, from
 * which the caller launches the whole `**…` as a path). An empty name is an error.
 */
export type CommandRead = { ok: true; cmd: ZapCommand } | { ok: false; badName: string };

export function readCommand(r: ScriptReader): CommandRead {
  let name = "";
  let read = "";
  for (;;) {
    const ch = r.read();
    if (ch === EOF) break;
    read += ch;
    if (r.endsCommand(ch)) break;
    if (isCmdNameChar(ch)) {
      name += ch;
      continue;
    }
    if (ch !== SYM.argStart && ch !== SYM.advArgStart) return { ok: false, badName: read };
    if (name === "") break;
    const lower = name.toLowerCase();
    if (ch === SYM.advArgStart) r.unread(); // read again as the start of advanced arguments
    return { ok: true, cmd: withArgs(r, lower, ch === SYM.advArgStart) };
  }
  if (name === "") r.fail(PARSE_ERRORS.emptyCmdName);
  return { ok: true, cmd: { name: name.toLowerCase(), args: [], advArgs: {} } };
}

function withArgs(r: ScriptReader, name: string, onlyAdvArgs: boolean): ZapCommand {
  if (INPUT_RAW_COMMANDS.has(name)) return { name, args: readInputRawArg(r), advArgs: {} };
  const read = INPUT_MACRO_COMMANDS.has(name) ? readInputMacroArg(r) : readArgs(r, { onlyAdvArgs });
  return { name, args: read.args, advArgs: Object.fromEntries(read.advArgs) };
}
