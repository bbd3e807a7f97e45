/**
 * The parsed form of a launch script (the reference's ZapScript). Pure data; see parser.ts for the grammar.
 */

/** One command of a script: `**name:arg1,arg2?key=value&key2=value`. */
export interface ZapCommand {
  /** Lowercase command name, e.g. "launch", "launch.title", "delay". */
  name: string;
  args: string[];
  /** Advanced arguments (`?key=value&…`), in the order written. */
  advArgs: Record<string, string>;
}

export interface ZapScript {
  commands: ZapCommand[];
}

/** A script that cannot be parsed; `message` is meant for users (CLI `parse`, history, log). */
export class ZapScriptError extends Error {
  constructor(
    message: string,
    /** 0-based character offset in the script where the problem was found. */
    readonly offset: number,
  ) {
    super(message);
    this.name = "ZapScriptError";
  }
}

/** Commands whose arguments are key sequences: each character (or `{name}`) is one argument. */
export const INPUT_MACRO_COMMANDS: ReadonlySet<string> = new Set(["input.keyboard", "input.gamepad"]);

/** Commands whose argument is text typed literally: each character is one key (`input.text`). */
export const INPUT_RAW_COMMANDS: ReadonlySet<string> = new Set(["input.text"]);
