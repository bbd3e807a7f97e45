import { ZapScriptError } from "./types.ts";

/** Reads a script one character at a time; knows the escape character and the command separator. */
export const EXPR_START = "[[";
export const EXPR_END = "]]";

export class Cursor {
  pos = 0;

  constructor(readonly src: string) {}

  get done(): boolean {
    return this.pos >= this.src.length;
  }

  peek(offset = 0): string {
    return this.src[this.pos + offset] ?? "";
  }

  next(): string {
    return this.src[this.pos++] ?? "";
  }

  startsWith(text: string): boolean {
    return this.src.startsWith(text, this.pos);
  }

  /** True at `||` (end of one command) or at the end of the script. */
  atCommandEnd(): boolean {
    return this.done || this.startsWith(SEPARATOR);
  }

  skipSpaces(): void {
    while (!this.done && isSpace(this.peek())) this.pos++;
  }

  fail(message: string, at = this.pos): never {
    throw new ZapScriptError(message, at);
  }

  /**
   * Reads one escape sequence; the cursor is on the character after `^`. `^n`, `^t`, `^r` are newline, tab and
   * carriage return; `^` before any other character yields that character; a trailing `^` stays a caret.
   */
  readEscaped(): string {
    if (this.done) return ESCAPE;
    const ch = this.next();
    return ESCAPES[ch] ?? ch;
  }

  /** True at `[[`, the start of an expression. */
  atExpression(): boolean {
    return this.startsWith(EXPR_START);
  }

  /**
   * Reads an expression `[[…]]` verbatim (cursor on `[[`), as go-zapscript does: nothing inside it is a separator,
   * an escape or a quote, so `||` and `,` stay in it; evaluated when its command runs (expressions.ts).
   */
  readExpression(): string {
    const start = this.pos;
    const end = this.src.indexOf(EXPR_END, start + EXPR_START.length);
    if (end < 0) this.fail("unmatched expression: '[[' without ']]'", start);
    this.pos = end + EXPR_END.length;
    return this.src.slice(start, this.pos);
  }

  /** Reads the rest of the current command verbatim (no escapes), up to `||` or the end. */
  readRawToCommandEnd(): string {
    const start = this.pos;
    while (!this.atCommandEnd()) this.pos++;
    return this.src.slice(start, this.pos);
  }

  /**
   * Reads a `{…}` JSON value verbatim (cursor on `{`), respecting JSON strings, and returns it compacted.
   */
  readJson(): string {
    const start = this.pos;
    let depth = 0;
    let inString = false;
    while (!this.done) {
      const ch = this.next();
      if (inString) {
        if (ch === "\\") this.pos++;
        else if (ch === '"') inString = false;
      } else if (ch === '"') inString = true;
      else if (ch === "{" || ch === "[") depth++;
      else if (ch === "}" || ch === "]") {
        depth--;
        if (depth === 0) break;
      }
    }
    const raw = this.src.slice(start, this.pos);
    if (depth !== 0) this.fail("invalid JSON argument: missing closing brace", start);
    try {
      return JSON.stringify(JSON.parse(raw));
    } catch {
      return this.fail("invalid JSON argument", start);
    }
  }

  /** Reads a quoted string (cursor on the opening quote); escapes apply inside. */
  readQuoted(): string {
    const start = this.pos;
    const quote = this.next();
    let out = "";
    while (!this.done) {
      if (this.atExpression()) {
        out += this.readExpression();
        continue;
      }
      const ch = this.next();
      if (ch === ESCAPE) out += this.readEscaped();
      else if (ch === quote) return out;
      else out += ch;
    }
    return this.fail("unmatched quote", start);
  }
}

export const ESCAPE = "^";
export const SEPARATOR = "||";
const ESCAPES: Record<string, string> = { n: "\n", t: "\t", r: "\r" };

export function isSpace(ch: string): boolean {
  return ch === " " || ch === "\t" || ch === "\n" || ch === "\r";
}

export function isCommandNameChar(ch: string): boolean {
  return /^[A-Za-z0-9.]$/.test(ch);
}

export function isAdvArgNameStart(ch: string): boolean {
  return /^[A-Za-z0-9_]$/.test(ch); // go-zapscript: any name character (a letter start is for traits only)
}

export function isAdvArgNameChar(ch: string): boolean {
  return /^[A-Za-z0-9_]$/.test(ch);
}
