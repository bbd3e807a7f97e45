import { tryReadAdvArgs } from "./adv-args.ts";
import { Cursor, ESCAPE, isCommandNameChar, SEPARATOR } from "./cursor.ts";
import { splitKeys, splitRawText } from "./input-macro.ts";
import { readTraits } from "./traits.ts";
import { INPUT_MACRO_COMMANDS, INPUT_RAW_COMMANDS, type TraitValue, type ZapCommand, type ZapScript } from "./types.ts";

/**
 * Parses a launch script, compatible with the reference's ZapScript:
 *
 * - `||` separates commands; empty commands (a trailing `||`) are skipped.
 * - `**name:arg1,arg2?key=value&key2=value` is a command. Names hold letters, digits and dots and are
 *   lowercased. Arguments are split on `,` and trimmed; `"…"` or `'…'` quote an argument (commas kept), `{…}` is
 *   a JSON argument (validated, compacted). `?` starts advanced arguments when what follows is valid (see
 *   adv-args.ts), otherwise it is ordinary text.
 * - `^` escapes the next character everywhere except in key sequences: `^n` newline, `^t` tab, `^r` return,
 *   `^x` the character x (so `^,` `^?` `^|` `^^` are literal); a trailing `^` is a caret.
 * - `input.keyboard` / `input.gamepad` take a key sequence instead (input-macro.ts); `input.text` takes its whole
 *   argument as text to type, one key per character.
 * - `@System/Title` is `launch.title` with the argument `System/Title` (both parts non-empty), advanced args
 *   allowed; otherwise the text is launched as a path.
 * - Anything else (a path, a URL, `*text`, `**bad@name`) is `launch` with the whole text as its argument;
 *   `?key=value` at its end are advanced args, except in URLs (`scheme://…`), where `?` belongs to the URL.
 * - `#key=value #flag` at the start of a command, and `**traits:{json object}`, are traits (traits.ts), not
 *   commands: merged into `traits`, later keys winning. A script may hold only traits.
 *
 * Pure: no I/O. Throws `ZapScriptError` with a message for users.
 */
export function parseZapScript(text: string): ZapScript {
  const c = new Cursor(text.trim());
  if (c.done) c.fail("script is empty");
  if (c.peek() === "{") c.fail("a script cannot start with '{' (JSON scripts are not supported)");
  const commands: ZapCommand[] = [];
  let traits: Record<string, TraitValue> | undefined;
  let badTraits = -1; // offset of a trait command with a bad key: dropped, or an error when nothing else is there
  const merge = (more: Record<string, TraitValue>) => {
    traits = Object.assign(traits ?? {}, more);
  };
  while (!c.done) {
    c.skipSpaces();
    if (c.startsWith(SEPARATOR)) {
      c.pos += SEPARATOR.length;
      continue;
    }
    if (c.done) break;
    if (c.peek() === "#") {
      const at = c.pos;
      const read = readTraits(c);
      if (read.invalid) badTraits = at;
      else merge(read.traits);
      continue;
    }
    const cmd = readCommand(c);
    const full = cmd.name === "traits" ? jsonObject(cmd.args[0]) : undefined;
    if (full) merge(full);
    else commands.push(cmd);
    if (c.startsWith(SEPARATOR)) c.pos += SEPARATOR.length;
  }
  if (badTraits >= 0 && commands.length === 0) c.fail("invalid trait name: a key starts with a letter and holds letters, digits and '_'", badTraits);
  const hasTraits = traits !== undefined && Object.keys(traits).length > 0;
  if (commands.length === 0 && !hasTraits) c.fail("script is empty", 0);
  return hasTraits ? { commands, traits } : { commands };
}

/** The JSON object of `**traits:{…}` (go-zapscript merges it when it decodes into an object; `null` adds nothing). */
function jsonObject(arg: string | undefined): Record<string, TraitValue> | undefined {
  if (arg === undefined) return undefined;
  try {
    const v: unknown = JSON.parse(arg);
    if (v === null) return {};
    return typeof v === "object" && !Array.isArray(v) ? (v as Record<string, TraitValue>) : undefined;
  } catch {
    return undefined;
  }
}

function readCommand(c: Cursor): ZapCommand {
  if (c.startsWith("**")) return readNamedCommand(c);
  if (c.peek() === "*" && (c.pos + 1 >= c.src.length || c.src.startsWith(SEPARATOR, c.pos + 1))) {
    c.fail("unexpected end of script after '*'");
  }
  if (c.peek() === "@") return readTitle(c);
  return readAutoLaunch(c);
}

function readNamedCommand(c: Cursor): ZapCommand {
  const start = c.pos;
  c.pos += 2;
  let name = "";
  while (isCommandNameChar(c.peek())) name += c.next();
  const boundary = c.atCommandEnd() || c.peek() === ":" || c.peek() === "?";
  if (name === "" && boundary) c.fail("command name is empty", start);
  if (!boundary) {
    c.pos = start; // `**he@llo`: not a command, a path
    return readAutoLaunch(c);
  }
  const cmd: ZapCommand = { name: name.toLowerCase(), args: [], advArgs: {} };
  if (c.peek() === "?") {
    const adv = tryReadAdvArgs(c);
    if (adv) {
      cmd.advArgs = adv;
      return cmd;
    }
  } else if (c.peek() === ":") {
    c.next();
  }
  if (c.atCommandEnd()) return cmd;
  if (INPUT_MACRO_COMMANDS.has(cmd.name)) readKeys(c, cmd);
  else if (INPUT_RAW_COMMANDS.has(cmd.name)) readText(c, cmd);
  else readArgs(c, cmd);
  return cmd;
}

/** Comma-separated arguments up to `||`, the end, or valid advanced args. */
function readArgs(c: Cursor, cmd: ZapCommand): void {
  for (;;) {
    c.skipSpaces();
    let arg = "";
    let kept = 0; // length of `arg` that trimming must not touch (quoted or escaped text)
    let quotedOrJson = false;
    if (c.peek() === '"' || c.peek() === "'") {
      arg = c.readQuoted();
      kept = arg.length;
      quotedOrJson = true;
    } else if (c.peek() === "{") {
      arg = c.readJson();
      kept = arg.length;
      quotedOrJson = true;
    }
    let adv: Record<string, string> | null = null;
    while (!c.atCommandEnd() && c.peek() !== ",") {
      if (c.peek() === "?" && (adv = tryReadAdvArgs(c))) break;
      if (c.atExpression()) {
        arg += c.readExpression();
        kept = arg.length;
        continue;
      }
      const ch = c.next();
      if (ch === ESCAPE) {
        arg += c.readEscaped();
        kept = arg.length;
      } else {
        arg += ch;
      }
    }
    const trimmed = arg.slice(0, kept) + arg.slice(kept).trimEnd();
    if (trimmed !== "" || quotedOrJson || cmd.args.length > 0 || c.peek() === ",") cmd.args.push(trimmed);
    if (adv) {
      cmd.advArgs = adv;
      return;
    }
    if (c.peek() !== ",") return;
    c.next();
  }
}

/**
 * The keys of a key sequence given on its own (the API's `input.keyboard {keys}`), read as the argument of
 * `**input.keyboard:` would be: up to `||` or valid advanced args, which are dropped. Not trimmed: a space is a key.
 */
export function parseInputKeys(text: string): string[] {
  const cmd: ZapCommand = { name: "input.keyboard", args: [], advArgs: {} };
  readKeys(new Cursor(text), cmd);
  return cmd.args;
}

/** Key sequence of an input command, up to `||`, the end, or valid advanced args. */
function readKeys(c: Cursor, cmd: ZapCommand): void {
  let start = c.pos;
  let text = "";
  const keys: string[] = [];
  while (!c.atCommandEnd()) {
    if (c.atExpression()) {
      // an expression is one key, its value typed when the command runs
      keys.push(...splitKeys(text, start));
      keys.push(c.readExpression());
      text = "";
      start = c.pos;
      continue;
    }
    if (c.peek() === "?") {
      const adv = tryReadAdvArgs(c);
      if (adv) {
        cmd.advArgs = adv;
        break;
      }
    }
    text += c.next();
  }
  keys.push(...splitKeys(text, start));
  cmd.args = keys;
}

/** Text of `input.text` up to `||` or the end: typed as written (no escapes, no advanced args). */
function readText(c: Cursor, cmd: ZapCommand): void {
  const start = c.pos;
  cmd.args = splitRawText(c.readRawToCommandEnd(), start);
}

interface PlainText {
  value: string;
  advArgs: Record<string, string>;
  /** Index in `value` of the first slash that was not escaped, or -1. */
  firstSlash: number;
}

/** Text up to `||` with escapes applied and trailing advanced args split off. */
function readPlain(c: Cursor, allowAdvArgs: (soFar: string) => boolean): PlainText {
  let value = "";
  let firstSlash = -1;
  let advArgs: Record<string, string> = {};
  while (!c.atCommandEnd()) {
    if (c.peek() === "?" && allowAdvArgs(value)) {
      const adv = tryReadAdvArgs(c);
      if (adv) {
        advArgs = adv;
        break;
      }
      value += c.readRawToCommandEnd(); // not advanced args: the rest is kept as written
      break;
    }
    if (c.atExpression()) {
      value += c.readExpression();
      continue;
    }
    const ch = c.next();
    if (ch === ESCAPE) value += c.readEscaped();
    else {
      if (ch === "/" && firstSlash < 0) firstSlash = value.length;
      value += ch;
    }
  }
  const lead = value.length - value.trimStart().length;
  return { value: value.trim(), advArgs, firstSlash: firstSlash < 0 ? -1 : firstSlash - lead };
}

function readTitle(c: Cursor): ZapCommand {
  const start = c.pos;
  c.next(); // '@'
  const t = readPlain(c, () => true);
  const slash = t.firstSlash;
  const system = t.value.slice(0, Math.max(slash, 0));
  const title = slash >= 0 ? t.value.slice(slash + 1) : "";
  if (slash <= 0 || system.trim() === "" || title.trim() === "") {
    c.pos = start;
    return readAutoLaunch(c);
  }
  return { name: "launch.title", args: [t.value], advArgs: t.advArgs };
}

function readAutoLaunch(c: Cursor): ZapCommand {
  const t = readPlain(c, (soFar) => !/^[a-z][a-z0-9+.-]*:\/\//i.test(soFar));
  return { name: "launch", args: [t.value], advArgs: t.advArgs };
}
