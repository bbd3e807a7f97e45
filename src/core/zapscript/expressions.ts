import { EXPR_CLOSE, EXPR_OPEN } from "./symbols.ts";

/**
 * `[[…]]` expressions in launch script arguments, as the reference evaluates them (its expression language,
 * expr-lang). This is the subset scripts use: names and dotted paths of the environment (`platform`,
 * `device.hostname`, `active_media.system_id`, `media_playing` …), string ('…', "…"), number, `true`/`false`/
 * `nil` literals, `!`/`not`, `==` `!=` `<` `<=` `>` `>=`, `+` (numbers add, strings join), `-` `*` `/`, `&&`/`and`,
 * `||`/`or`, `cond ? a : b`, parentheses. A result must be a string, boolean or number (written as text);
 * anything else, an unknown name or a syntax error is an ExpressionError. Pure.
 */
export class ExpressionError extends Error {}

export type ExprValue = string | number | boolean | null | { readonly [k: string]: ExprValue };
export type ExprEnv = { readonly [k: string]: ExprValue };

type Tok = { t: "num"; v: number } | { t: "str"; v: string } | { t: "id"; v: string } | { t: "op"; v: string };

const OPS = ["&&", "||", "==", "!=", "<=", ">=", "!", "<", ">", "+", "-", "*", "/", "?", ":", "(", ")", "."];

function tokenize(src: string): Tok[] {
  const out: Tok[] = [];
  let i = 0;
  while (i < src.length) {
    const ch = src[i]!;
    if (/\s/.test(ch)) i++;
    else if (/[0-9]/.test(ch)) {
      const m = /^[0-9]+(\.[0-9]+)?/.exec(src.slice(i))!;
      out.push({ t: "num", v: Number(m[0]) });
      i += m[0].length;
    } else if (ch === '"' || ch === "'") {
      let v = "";
      for (i++; i < src.length && src[i] !== ch; i++) v += src[i] === "\\" && i + 1 < src.length ? src[++i] : src[i];
      if (i >= src.length) throw new ExpressionError("unterminated string");
      i++;
      out.push({ t: "str", v });
    } else if (/[A-Za-z_]/.test(ch)) {
      const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(src.slice(i))!;
      out.push({ t: "id", v: m[0] });
      i += m[0].length;
    } else {
      const op = OPS.find((o) => src.startsWith(o, i));
      if (!op) throw new ExpressionError(`unexpected ${JSON.stringify(ch)}`);
      out.push({ t: "op", v: op });
      i += op.length;
    }
  }
  return out;
}

const WORD_OPS: Record<string, string> = { and: "&&", or: "||", not: "!" };
const BINARY: Record<string, number> = { "||": 1, "&&": 2, "==": 3, "!=": 3, "<": 4, "<=": 4, ">": 4, ">=": 4, "+": 5, "-": 5, "*": 6, "/": 6 };

/** Limits that keep a hostile tag's expression cheap: its length and how deeply it nests. */
export const MAX_EXPRESSION_CHARS = 1024;
const MAX_DEPTH = 32;

class Evaluator {
  private i = 0;
  private depth = 0;
  constructor(
    private readonly toks: Tok[],
    private readonly env: ExprEnv,
  ) {}

  private peekOp(): string | undefined {
    const t = this.toks[this.i];
    if (!t) return undefined;
    if (t.t === "op") return t.v;
    return t.t === "id" ? WORD_OPS[t.v] : undefined;
  }

  run(): ExprValue {
    if (this.toks.length === 0) throw new ExpressionError("empty expression");
    const v = this.ternary();
    if (this.i < this.toks.length) throw new ExpressionError("unexpected text after the expression");
    return v;
  }

  private nest(): void {
    if (++this.depth > MAX_DEPTH) throw new ExpressionError(`nested more than ${MAX_DEPTH} levels`);
  }

  private ternary(): ExprValue {
    this.nest();
    const cond = this.binary(1);
    if (this.peekOp() !== "?") return this.depth--, cond;
    this.i++;
    const a = this.ternary();
    if (this.peekOp() !== ":") throw new ExpressionError("expected ':' in a conditional");
    this.i++;
    const b = this.ternary();
    this.depth--;
    return truthy(cond) ? a : b;
  }

  private binary(min: number): ExprValue {
    let left = this.unary();
    for (;;) {
      const op = this.peekOp();
      const prec = op ? BINARY[op] : undefined;
      if (!op || prec === undefined || prec < min) return left;
      this.i++;
      const right = this.binary(prec + 1);
      left = apply(op, left, right);
    }
  }

  private unary(): ExprValue {
    const op = this.peekOp();
    if (op !== "!" && op !== "-") return this.primary();
    this.nest();
    this.i++;
    const v = this.unary();
    this.depth--;
    if (op === "!") return !truthy(v);
    if (typeof v !== "number") throw new ExpressionError("'-' needs a number");
    return -v;
  }

  private primary(): ExprValue {
    const t = this.toks[this.i++];
    if (!t) throw new ExpressionError("unexpected end of expression");
    if (t.t === "num" || t.t === "str") return t.v;
    if (t.t === "op" && t.v === "(") {
      const v = this.ternary();
      if (this.peekOp() !== ")") throw new ExpressionError("expected ')'");
      this.i++;
      return v;
    }
    if (t.t !== "id" || t.v in WORD_OPS) throw new ExpressionError(`unexpected ${JSON.stringify(t.v)}`);
    if (t.v === "true" || t.v === "false") return t.v === "true";
    if (t.v === "nil") return null;
    let path = t.v;
    let v: ExprValue | undefined = Object.hasOwn(this.env, t.v) ? this.env[t.v] : undefined;
    while (this.toks[this.i]?.t === "op" && this.toks[this.i]!.v === ".") {
      const name = this.toks[this.i + 1];
      if (name?.t !== "id") throw new ExpressionError("expected a name after '.'");
      this.i += 2;
      path += `.${name.v}`;
      v = v !== null && typeof v === "object" && Object.hasOwn(v, name.v) ? v[name.v] : undefined;
    }
    if (v === undefined) throw new ExpressionError(`unknown name ${path}`);
    return v;
  }
}

function truthy(v: ExprValue): boolean {
  if (typeof v !== "boolean") throw new ExpressionError("a condition must be true or false");
  return v;
}

function apply(op: string, a: ExprValue, b: ExprValue): ExprValue {
  switch (op) {
    case "&&":
      return truthy(a) && truthy(b);
    case "||":
      return truthy(a) || truthy(b);
    case "==":
      return a === b;
    case "!=":
      return a !== b;
  }
  if (op === "+" && typeof a === "string" && typeof b === "string") return a + b;
  if (typeof a !== "number" || typeof b !== "number") {
    if (["<", "<=", ">", ">="].includes(op) && typeof a === "string" && typeof b === "string") return compare(op, a, b);
    throw new ExpressionError(`'${op}' cannot combine ${typeof a} and ${typeof b}`);
  }
  if (op === "+") return a + b;
  if (op === "-") return a - b;
  if (op === "*") return a * b;
  if (op === "/") return a / b;
  return compare(op, a, b);
}

function compare(op: string, a: number | string, b: number | string): boolean {
  return op === "<" ? a < b : op === "<=" ? a <= b : op === ">" ? a > b : a >= b;
}

/** The value of one expression (the text between `[[` and `]]`) as the text it stands for. */
export function evaluateExpression(src: string, env: ExprEnv): string {
  if (src.length > MAX_EXPRESSION_CHARS) throw new ExpressionError(`longer than ${MAX_EXPRESSION_CHARS} characters`);
  const v = new Evaluator(tokenize(src), env).run();
  if (typeof v === "string") return v;
  if (typeof v === "boolean") return String(v);
  if (typeof v === "number" && Number.isFinite(v)) return String(v);
  throw new ExpressionError(`the result must be text, a number or true/false, not ${v === null ? "nil" : typeof v}`);
}

/**
 * Replaces every expression of a parsed argument (marked `EXPR_OPEN x EXPR_CLOSE` by the parser, from `[[x]]`)
 * by its value; text without one is returned as is.
 */
export function expandExpressions(text: string, env: ExprEnv): string {
  if (!text.includes(EXPR_OPEN)) return text;
  let out = "";
  let i = 0;
  for (;;) {
    const start = text.indexOf(EXPR_OPEN, i);
    if (start < 0) return out + text.slice(i);
    const end = text.indexOf(EXPR_CLOSE, start + 1);
    if (end < 0) throw new ExpressionError("'[[' without its ']]'");
    const src = text.slice(start + 1, end);
    try {
      out += text.slice(i, start) + evaluateExpression(src, env);
    } catch (err) {
      if (err instanceof ExpressionError) throw new ExpressionError(`expression ${JSON.stringify(src)}: ${err.message}`);
      throw err;
    }
    i = end + 1;
  }
}
