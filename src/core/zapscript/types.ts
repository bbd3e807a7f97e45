/**
 * The parsed form of a launch script (the reference's ZapScript). Pure data; see parser.ts for the grammar.
 */

/** One command of a script: `**name:arg1,arg2?key=value&key2=value`. */
export interface ZapCommand {
  /** Lowercase command name, e.g. "launch", "launch.title", "delay". */
  name: string;
  /** Arguments; an expression `[[x]]` in one is marked `EXPR_OPEN x EXPR_CLOSE` (symbols.ts). */
  args: string[];
  /** Advanced arguments (`?key=value&…`); a key written twice keeps its last value. */
  advArgs: Record<string, string>;
}

/** A trait's value: `#key=value` typed as go-zapscript types it, or any JSON value from `**traits:{…}`. */
export type TraitValue = string | number | boolean | null | TraitValue[] | { [key: string]: TraitValue };

export interface ZapScript {
  commands: ZapCommand[];
  /**
   * Traits of the script (`#key=value`, `**traits:{…}`; later keys win), carried into what the script launches;
   * absent when it has none. Not commands: a script may hold only traits.
   */
  traits?: Record<string, TraitValue>;
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
