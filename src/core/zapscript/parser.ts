import { readArgs } from "./args.ts";
import { readCommand } from "./command.ts";
import { PARSE_ERRORS } from "./errors.ts";
import { goJsonParse } from "./go-json.ts";
import { readInputMacroArg } from "./input-macro.ts";
import { readMediaTitle } from "./media-title.ts";
import { EOF, ScriptReader } from "./reader.ts";
import { isWhitespace, SYM } from "./symbols.ts";
import { readTraits } from "./traits.ts";
import type { TraitValue, ZapCommand, ZapScript } from "./types.ts";

/**
 * Parses a launch script exactly as the reference's ZapScript parser (go-zapscript) does:
 *
 * - Commands are separated by `||`. Spaces between commands are skipped.
 * - `**name:arg1,arg2?key=value&key2=value` is a command (command.ts, args.ts, adv-args.ts); `input.keyboard` /
 *   `input.gamepad` take a key sequence and `input.text` text to type (input-macro.ts).
 * - `@System/Title?advArgs` is `launch.title` (media-title.ts); without a `/` between two non-empty parts the
 *   script launches `@…` as a path.
 * - `#key=value #flag` are traits (traits.ts) and `**traits:{json object}` adds traits too; later keys win. A
 *   script may hold only traits.
 * - Anything else (a path, a URL, `*x`, `**bad@name`) is `launch` with the text as its one argument; valid
 *   advanced arguments at its end are split off, in URLs too (`http://h/f.bin?system=Genesis`).
 * - A `{` as the very first character is refused (reserved for JSON scripts).
 * - `[[…]]` expressions are kept marked in arguments (symbols.ts) and evaluated when their command runs.
 *
 * Pure: no I/O. Throws `ZapScriptError` with the reference's reason.
 */
export function parseZapScript(text: string): ZapScript {
  const r = new ScriptReader(text);
  const commands: ZapCommand[] = [];
  let traits: Map<string, TraitValue> | undefined;
  let hasCommands = false;
  let badTraits = false;
  const add = (cmd: ZapCommand) => {
    commands.push(cmd);
    hasCommands = true;
  };
  const merge = (more: Iterable<[string, TraitValue]>) => {
    traits ??= new Map();
    for (const [k, v] of more) traits.set(k, v);
  };
  const launch = (prefix: string) => {
    const read = readArgs(r, { prefix, oneArg: true });
    add({ name: "launch", args: read.args, advArgs: Object.fromEntries(read.advArgs) });
  };
  for (;;) {
    const ch = r.read();
    if (ch === EOF) break;
    if (isWhitespace(ch)) continue;
    if (r.pos === 1 && ch === SYM.jsonStart) r.fail(PARSE_ERRORS.invalidJson);
    if (ch === SYM.mediaTitleStart) {
      const title = readMediaTitle(r);
      if (title.valid) add({ name: "launch.title", args: [title.content], advArgs: Object.fromEntries(title.advArgs) });
      else launch(SYM.mediaTitleStart + title.content);
    } else if (ch === SYM.traitsStart) {
      const read = readTraits(r);
      if (read.ok) merge(read.traits);
      else badTraits = true;
    } else if (ch === SYM.cmdStart) {
      const next = r.peek();
      if (next === EOF) r.fail(PARSE_ERRORS.unexpectedEof);
      if (next !== SYM.cmdStart) {
        launch(SYM.cmdStart);
        continue;
      }
      r.skip();
      const read = readCommand(r);
      if (!read.ok) launch(`**${read.badName}`);
      else {
        const more = read.cmd.name === "traits" ? traitsObject(read.cmd.args[0]) : undefined;
        if (more) merge(more);
        else add(read.cmd);
      }
    } else {
      r.unread();
      launch("");
    }
  }
  // a command of traits with a bad key is ignored next to other commands, refused on its own
  if (badTraits && !hasCommands) r.fail(PARSE_ERRORS.invalidTraitKey);
  if (commands.length === 0 && (traits === undefined || traits.size === 0)) r.fail(PARSE_ERRORS.emptyScript);
  return traits && traits.size > 0 ? { commands, traits: Object.fromEntries(traits) } : { commands };
}

/** The traits of `**traits:{…}`: its argument read as a JSON object (`null` adds none); else it is a command. */
function traitsObject(arg: string | undefined): Array<[string, TraitValue]> | undefined {
  if (arg === undefined) return undefined;
  const json = goJsonParse(arg);
  if (!json) return undefined;
  const v = json.value;
  if (v === null) return [];
  return typeof v === "object" && !Array.isArray(v) ? Object.entries(v) : undefined;
}

/**
 * The keys of a key sequence given on its own (the API's `input.keyboard {keys}`), read as the argument of
 * `**input.keyboard:` is: up to `||` or valid advanced arguments, which are dropped.
 */
export function parseInputKeys(text: string): string[] {
  return readInputMacroArg(new ScriptReader(text)).args;
}
