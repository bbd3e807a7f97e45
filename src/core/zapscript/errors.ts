/** Why a script does not parse: the reference's reasons, word for word (scripts and logs read the same). */
export const PARSE_ERRORS = {
  unexpectedEof: "unexpected end of file",
  emptyCmdName: "command name is empty",
  emptyScript: "script is empty",
  unmatchedQuote: "unmatched quote",
  invalidJson: "invalid JSON argument",
  unmatchedMacroExt: "unmatched input macro extension",
  unmatchedExpression: "unmatched expression",
  invalidTraitKey: "invalid trait key",
  unmatchedArrayBracket: "unmatched array bracket",
  macroRepeatTooLarge: "input macro repeat count exceeds maximum",
  macroTooLong: "input macro expanded key count exceeds maximum",
  macroEmptyKey: "input macro key name is empty after repeat suffix removal",
  /** A `[` as the very last character: the reference's reader cannot step back over the end of the text. */
  unreadAtEnd: "failed to unread rune",
  /** U+FFFD (or text that is not valid UTF-8) just ahead of a character the reader looks past. */
  runeError: "rune error",
} as const;
