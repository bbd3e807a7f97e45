import { ZapScriptError } from "./types.ts";

/**
 * Splits the argument of `input.keyboard` / `input.gamepad` into keys: every character is one key, `{name}` is
 * one named key (`{enter}`, `{ctrl}`), and `\` makes the next character a plain key (`\{`, `\\`). A trailing
 * `\` is a backslash key.
 */
export function splitKeys(text: string, offset: number): string[] {
  const keys: string[] = [];
  const chars = [...text];
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i]!;
    if (ch === "\\") {
      keys.push(chars[i + 1] ?? "\\");
      i++;
    } else if (ch === "{") {
      const end = chars.indexOf("}", i + 1);
      if (end < 0) throw new ZapScriptError(`unmatched '{' in key sequence`, offset);
      keys.push(chars.slice(i, end + 1).join(""));
      i = end;
    } else {
      keys.push(ch);
    }
  }
  return keys;
}
