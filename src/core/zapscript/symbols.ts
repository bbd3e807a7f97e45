/**
 * The characters of the ZapScript grammar (the reference's go-zapscript) and the character classes its reader
 * tests. Facts of the grammar, kept in one table so every reader agrees.
 */
export const SYM = {
  cmdStart: "*",
  cmdSep: "|",
  escape: "^",
  argStart: ":",
  argSep: ",",
  doubleQuote: '"',
  singleQuote: "'",
  advArgStart: "?",
  advArgSep: "&",
  advArgEq: "=",
  jsonStart: "{",
  jsonEnd: "}",
  jsonEscape: "\\",
  macroEscape: "\\",
  macroExtStart: "{",
  macroExtEnd: "}",
  exprStart: "[",
  exprEnd: "]",
  mediaTitleStart: "@",
  mediaTitleSep: "/",
  traitsStart: "#",
  arrayStart: "[",
  arrayEnd: "]",
  arraySep: ",",
} as const;

/**
 * How a parsed argument marks an expression `[[x]]`: `EXPR_OPEN x EXPR_CLOSE` (two private-use characters, as
 * go-zapscript marks them), so that an escaped `^[^[x]]` stays plain text. Evaluated when the command runs.
 */
export const EXPR_OPEN = "\uE000";
export const EXPR_CLOSE = "\uE001";

/** Shows the expression marks of a parsed argument as the `[[…]]` a person wrote (for display only). */
export function showExpressions(text: string): string {
  return text.replaceAll(EXPR_OPEN, "[[").replaceAll(EXPR_CLOSE, "]]");
}

export const isQuote = (ch: string): boolean => ch === SYM.doubleQuote || ch === SYM.singleQuote;

export function isWhitespace(ch: string): boolean {
  return ch === " " || ch === "\t" || ch === "\n" || ch === "\r";
}

const isAsciiLetter = (ch: string) => (ch >= "a" && ch <= "z") || (ch >= "A" && ch <= "Z");
const isDigit = (ch: string) => ch >= "0" && ch <= "9";

/** Command names hold ASCII letters, digits and `.`. */
export const isCmdNameChar = (ch: string): boolean => ch.length === 1 && (isAsciiLetter(ch) || isDigit(ch) || ch === ".");
/** Advanced-argument names and trait keys hold ASCII letters, digits and `_`. */
export const isNameChar = (ch: string): boolean => ch.length === 1 && (isAsciiLetter(ch) || isDigit(ch) || ch === "_");
/** A trait key starts with an ASCII letter. */
export const isNameStart = (ch: string): boolean => ch.length === 1 && isAsciiLetter(ch);

/** Go's unicode.IsSpace set, which `strings.TrimSpace` trims (unlike JS trim: U+0085 yes, U+FEFF no). */
const GO_SPACE = /^[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+|[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+$/g;

export function trimSpace(text: string): string {
  return text.replace(GO_SPACE, "");
}
