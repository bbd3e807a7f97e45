import { PARSE_ERRORS } from "./errors.ts";
import { EXPR_CLOSE, EXPR_OPEN, SYM } from "./symbols.ts";
import { ZapScriptError } from "./types.ts";

/**
 * What `read` and `peek` give at the end of the text. A NUL character in the text reads the same, so it ends
 * whatever is being read there, as in the reference (whose reader uses the zero rune for both).
 */
export const EOF = "\0";

/**
 * Reads a script one character (code point) at a time, as the reference's reader does: `pos` counts the
 * characters read; `unread` steps back over the last character read, only right after a read that got one;
 * `peek` looks at the next character and refuses U+FFFD (the reference's decoder cannot tell it from bad UTF-8).
 */
export class ScriptReader {
  /** Characters read so far (the reference's position, 1 after the first character). */
  pos = 0;
  private readonly chars: string[];
  private readonly offsets: number[];
  private canUnread = false;

  constructor(readonly text: string) {
    this.chars = [];
    this.offsets = [];
    let at = 0;
    for (const ch of text) {
      this.offsets.push(at);
      at += ch.length;
      // a lone surrogate is what bad UTF-8 is in a JS string: the reference reads it as U+FFFD
      this.chars.push(ch.length === 1 && ch >= "\ud800" && ch <= "\udfff" ? "\ufffd" : ch);
    }
  }

  read(): string {
    if (this.pos >= this.chars.length) {
      this.canUnread = false;
      return EOF;
    }
    this.canUnread = true;
    return this.chars[this.pos++]!;
  }

  unread(): void {
    if (!this.canUnread) this.fail(PARSE_ERRORS.unreadAtEnd);
    this.canUnread = false;
    this.pos--;
  }

  peek(): string {
    this.canUnread = false;
    const ch = this.chars[this.pos];
    if (ch === undefined) return EOF;
    if (ch === "\ufffd") this.fail(PARSE_ERRORS.runeError);
    return ch;
  }

  skip(): void {
    this.read();
  }

  /** A ZapScriptError at the last character read. */
  fail(message: string): never {
    const last = Math.max(this.pos - 1, 0);
    throw new ZapScriptError(message, this.offsets[last] ?? this.text.length);
  }

  /**
   * True when `ch` (just read) ends the command: `||` (the second `|` is consumed) or a `|` at the end.
   */
  endsCommand(ch: string): boolean {
    if (ch !== SYM.cmdSep) return false;
    const next = this.peek();
    if (next === EOF) return true;
    if (next !== SYM.cmdSep) return false;
    this.skip();
    return true;
  }

  /** Skips the rest of the command, returning it as written. */
  restOfCommand(): string {
    let out = "";
    for (;;) {
      const ch = this.read();
      if (ch === EOF || this.endsCommand(ch)) return out;
      out += ch;
    }
  }

  /**
   * The character after `^` (just read): `^n` `^r` `^t` are newline, return and tab, `^x` is x; "" at the end.
   */
  escaped(): string {
    const ch = this.read();
    if (ch === EOF) return "";
    return ESCAPES[ch] ?? ch;
  }

  /** A quoted argument after its opening quote `quote`; escapes and expressions apply inside. */
  quoted(quote: string): string {
    let out = "";
    for (;;) {
      const ch = this.read();
      if (ch === EOF) this.fail(PARSE_ERRORS.unmatchedQuote);
      if (ch === SYM.escape) out += this.escaped();
      else if (ch === SYM.exprStart) out += this.expression();
      else if (ch === quote) return out;
      else out += ch;
    }
  }

  /**
   * After a `[` (just read): `[[x]]` is the expression x, returned between the expression marks; a `[` not
   * followed by another is itself. Nothing inside an expression has a meaning but its closing `]]`.
   */
  expression(): string {
    const next = this.read();
    if (next !== SYM.exprStart) {
      this.unread();
      return SYM.exprStart;
    }
    let out = EXPR_OPEN;
    for (;;) {
      const ch = this.read();
      if (ch === EOF) this.fail(PARSE_ERRORS.unmatchedExpression);
      if (ch === SYM.exprEnd && this.peek() === SYM.exprEnd) {
        this.skip();
        return out + EXPR_CLOSE;
      }
      out += ch;
    }
  }
}

const ESCAPES: Record<string, string> = { n: "\n", r: "\r", t: "\t" };
